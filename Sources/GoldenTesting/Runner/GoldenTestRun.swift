import AudioBasics
import AudioDigest
import Platform
import Rendering
import ScoreParser
import SoundFile

/// Runs one golden test: renders the score as its options and the caller's say, compares the
/// render with the golden (or writes the golden), and explains any difference.
public func runGoldenTest(_ test: GoldenTest, options: GoldenRunOptions, renderJobs: Int = 1)
  -> GoldenTestResult
{
  let start = monotonicSeconds()
  var result: GoldenTestResult
  var inputs = [test.score]
  do {
    result = try run(test, options: options, renderJobs: renderJobs, inputs: &inputs)
  } catch {
    result = GoldenTestResult(test: test, outcome: .error, seconds: 0, error: error)
  }
  result.seconds = monotonicSeconds() - start
  result.inputs = inputs
  return result
}

/// Runs the test; `inputs` gathers the files it read as soon as they are known.
private func run(
  _ test: GoldenTest, options: GoldenRunOptions, renderJobs: Int, inputs: inout [String]
) throws(RenderError) -> GoldenTestResult {
  // A checkout without `git lfs pull` holds a pointer where the golden should be.
  if test.goldenExists && FileSystem.isGitLFSPointer(test.golden) {
    throw .gitLFSPointer(path: test.golden)
  }
  let song = try Song(
    file: test.score, options: options.soundOptions, limits: options.limits, midi: options.midi,
    openBank: options.bankOpener)
  inputs += song.bank.definitionFiles
  let format =
    GoldenFormat.allCases.first { test.golden.hasSuffix(".golden.\($0.rawValue)") }
    ?? options.format
  let encoding = song.options.encoding ?? .pcm16
  let container: Container = format == .flac ? .flac : .wav
  guard
    case .success(let outputFormat) = OutputFormat.make(container: container, encoding: encoding)
  else {
    throw .invalidSetting(
      "a FLAC golden holds pcm16 or pcm24, not \(encoding.rawValue); use --golden-format wav")
  }
  var settings = song.settings
  settings.format = outputFormat
  settings.jobs = renderJobs
  settings.computesContentHash = format == .sha256
  let score = song.score
  let plan = try RenderPlan(
    score: score, bank: song.bank, settings: settings, scorePath: test.score)
  inputs = plan.inputPaths
  let taps = recordedTaps(score, rate: plan.rate)
  let scratch = try ScratchFile(extension: container.rawValue)
  let summary = try render(plan, to: .file(scratch.path))
  // The manifest costs a pass over the render (loudness, content hash): made only when a
  // golden is written or a failure explained.
  func manifest() -> RenderManifest? {
    guard var made = try? RenderManifest(song: song, plan: plan, summary: summary) else {
      return nil
    }
    try? made.measure(fileAt: scratch.path)
    return made
  }

  if !test.goldenExists {
    guard options.mode != .ci else {
      var result = GoldenTestResult(test: test, outcome: .failed, seconds: 0)
      if options.keepsMedia {
        result.media = keepMedia(
          test, scratch: scratch, rate: plan.rate, decoded: nil, firstDifference: nil, score: nil)
      }
      return result
    }
    try install(
      scratch, summary: summary, format: format, taps: taps, rate: plan.rate,
      manifest: manifest(), test: test)
    return GoldenTestResult(test: test, outcome: .written, seconds: 0)
  }
  let verdict = try compare(
    test, format: format, scratch: scratch, summary: summary, song: song, options: options)
  if verdict.passed {
    var result = GoldenTestResult(test: test, outcome: .passed, seconds: 0, verdict: verdict)
    // A manifest that no longer says how the golden is made (its settings, tempi, samples:
    // compared without measuring the render again) is named, and refreshed by --update.
    if let recorded = recordedManifest(test),
      let current = try? RenderManifest(song: song, plan: plan, summary: summary)
    {
      result.manifestChanges = compareManifests(recorded, current).changes
    }
    // An older golden gains its manifest, and a stale one is made again; the audio is left.
    let missing =
      FileSystem.kind(of: test.manifest) == .missing
      && FileStatus(of: test.manifest, followingLinks: false) == nil
    if options.mode == .update && (missing || !result.manifestChanges.isEmpty),
      let made = manifest()
    {
      try installManifest(made, test: test)
      result.wroteManifest = true
    }
    return result
  }
  if options.mode == .update {
    try install(
      scratch, summary: summary, format: format, taps: taps, rate: plan.rate,
      manifest: manifest(), test: test)
    return GoldenTestResult(test: test, outcome: .updated, seconds: 0, verdict: verdict)
  }
  var result = GoldenTestResult(test: test, outcome: .failed, seconds: 0, verdict: verdict)
  result.linesAreTracks = song.isMIDI
  result.rate = plan.rate
  let pair = explain(
    &result,
    files: GoldenFiles(
      golden: test.golden, taps: test.taps, manifest: test.manifest, render: scratch.path),
    taps: taps, current: manifest())
  if options.keepsMedia {
    var firstDifference: Int64?
    if case .samples(let comparison) = verdict { firstDifference = comparison.firstDifferenceFrame }
    result.media = keepMedia(
      test, scratch: scratch, rate: plan.rate, decoded: pair, firstDifference: firstDifference,
      score: score)
  }
  if let artifacts = options.artifacts {
    result.artifacts = saveArtifacts(
      test, scratch: scratch, container: container, folder: artifacts, decoded: pair,
      score: score)
  }
  return result
}

/// The largest taps file read: 64 MiB, far past the taps of any song.
let maximumTapsFileBytes = 64 << 20

/// The largest manifest read: 256 MiB, far past the manifest of any song.
let maximumManifestBytes = 256 << 20

/// The manifest recorded beside the golden, if there is one this tool reads.
private func recordedManifest(_ test: GoldenTest) -> RenderManifest? {
  recordedManifest(at: test.manifest)
}

/// The manifest at `path`, if there is one this tool reads.
private func recordedManifest(at path: String) -> RenderManifest? {
  guard let bytes = try? FileSystem.readAll(path, limit: maximumManifestBytes) else {
    return nil
  }
  return try? RenderManifest(jsonText: String(decoding: bytes, as: UTF8.self))
}

extension AudioFinding {
  init(_ finding: DifferenceExplanation.Finding) {
    switch finding {
    case .length(let extra): self = .length(extraFrames: extra)
    case .silent(let side): self = .silent(render: side == .actual)
    case .gain(let factor): self = .gain(factor: factor)
    case .offset(let frames): self = .offset(frames: frames)
    case .stretch(let range):
      self = .stretch(startFrame: range.lowerBound, endFrame: range.upperBound)
    }
  }
}

/// Compares the render in `scratch` with the golden: sample by sample, or by content hash.
private func compare(
  _ test: GoldenTest, format: GoldenFormat, scratch: ScratchFile, summary: RenderSummary,
  song: Song, options: GoldenRunOptions
) throws(RenderError) -> GoldenVerdict {
  if format == .sha256 {
    return .contentHash(expected: try storedHash(test.golden), actual: summary.contentHash ?? "")
  }
  var comparison = try compareGolden(
    expected: test.golden, actual: scratch.path,
    tolerance: options.tolerance ?? song.options.tolerance)
  comparison.lines = comparison.lines.map { $0.replacing("'\(scratch.path)'", with: "the render") }
  comparison.warnings = comparison.warnings.map {
    $0.replacing("'\(scratch.path)'", with: "the render")
  }
  return .samples(comparison)
}

/// The content hash a `.golden.sha256` file holds: its first word, 64 hexadecimal digits (as
/// `sha256sum` writes a line); anything else is refused naming the file.
func storedHash(_ path: String) throws(RenderError) -> String {
  let bytes: [UInt8]
  do { bytes = try FileSystem.readAll(path, limit: 4_096) } catch {
    throw .unreadableScore(path: path, reason: error.reason)
  }
  let word = bytes.prefix { !Character(Unicode.Scalar($0)).isWhitespace }
  guard word.count == 64, word.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else {
    throw .unreadableScore(
      path: path,
      reason: "it is not a content hash: its first word must be 64 hexadecimal digits, "
        + "as 'xylo-render test --update' writes it")
  }
  return String(decoding: word, as: UTF8.self).lowercased()
}

extension GoldenVerdict {
  /// Whether the render matches its golden.
  public var passed: Bool {
    switch self {
    case .samples(let comparison): comparison.passed
    case .contentHash(let expected, let actual): !expected.isEmpty && expected == actual
    }
  }
}

/// A golden and the files kept with it, and the render compared with it: where the runner and
/// `XyloTesting` keep them differs (`NAME.golden.taps` beside a score, `Goldens/NAME.taps`).
public struct GoldenFiles: Sendable {
  public var golden: String
  /// The taps the golden was made of (`tapsText`).
  public var taps: String
  /// The manifest of the golden's render.
  public var manifest: String
  /// The render that differs, as a file.
  public var render: String

  public init(golden: String, taps: String, manifest: String, render: String) {
    self.golden = golden
    self.taps = taps
    self.manifest = manifest
    self.render = render
  }
}

/// Explains a failed comparison in `result` as `xylo-render test` does: what the manifests say
/// changed (a setting, a tempo, a sample of the bank), then which taps changed besides, then
/// how the audio differs. `taps` and `current` are the render's; `result.rate` must be its rate.
public func explainDifference(
  _ result: inout GoldenTestResult, files: GoldenFiles, taps: [RecordedTap],
  current: RenderManifest?
) {
  _ = explain(&result, files: files, taps: taps, current: current)
}

/// `explainDifference`, returning the decoded pair for the runner's pictures and media.
private func explain(
  _ result: inout GoldenTestResult, files: GoldenFiles, taps: [RecordedTap],
  current: RenderManifest?
) -> DecodedPair? {
  var explainedTaps: [RecordedTap] = []
  if let recorded = recordedManifest(at: files.manifest), let current {
    let (changes, explained) = compareManifests(recorded, current)
    result.manifestChanges = changes
    explainedTaps = explained.sorted().map { current.taps[$0] }
    for change in changes {
      if case .tempo(let shift) = change, let line = shift.line { result.line = line }
    }
  }
  if let recorded = try? FileSystem.readAll(files.taps, limit: maximumTapsFileBytes),
    let (rate, old) = parseTapsText(String(decoding: recorded, as: UTF8.self)),
    rate == result.rate
  {
    let accounted = Set(explainedTaps.map { "\($0.line) \($0.frame) \($0.key)" })
    result.tapChanges = tapChanges(from: old, to: taps).filter { change in
      guard case .moved = change.kind else { return true }
      return !accounted.contains("\(change.tap.line) \(change.tap.frame) \(change.tap.key)")
    }
    result.line =
      result.line ?? zip(old, taps).first { $0 != $1 }.map { $0.1.line } ?? taps.last?.line
  }
  // Decoded once, for the explanations and the picture: 10 minutes of stereo 48 kHz at most
  // (460 MB).
  let pair = DecodedPair(
    expected: files.golden, actual: files.render, maximumFrames: 600 * 48_000)
  if let pair {
    let explanation = DifferenceExplanation(
      expected: pair.expected, actual: pair.actual, channels: pair.channels, rate: pair.rate)
    result.explanation = explanation.lines
    result.audioFindings = explanation.findings.map(AudioFinding.init)
  }
  return pair
}
