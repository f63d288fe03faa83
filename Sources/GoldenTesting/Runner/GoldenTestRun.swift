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
  do {
    result = try run(test, options: options, renderJobs: renderJobs)
  } catch {
    result = GoldenTestResult(test: test, outcome: .error, seconds: 0, error: error)
  }
  result.seconds = monotonicSeconds() - start
  return result
}

private func run(_ test: GoldenTest, options: GoldenRunOptions, renderJobs: Int)
  throws(RenderError) -> GoldenTestResult
{
  let song = try Song(
    file: test.score, options: options.soundOptions, limits: options.limits, midi: options.midi,
    openBank: options.bankOpener)
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
  let taps = recordedTaps(score, rate: plan.rate)
  let scratch = try ScratchFile(extension: container.rawValue)
  let summary = try render(plan, to: .file(scratch.path))

  if !test.goldenExists {
    guard options.mode != .ci else {
      var result = GoldenTestResult(test: test, outcome: .failed, seconds: 0)
      if options.keepsMedia {
        result.media = keepMedia(
          test, scratch: scratch, rate: plan.rate, decoded: nil, firstDifference: nil, score: nil)
      }
      return result
    }
    try install(scratch, summary: summary, format: format, taps: taps, rate: plan.rate, test: test)
    return GoldenTestResult(test: test, outcome: .written, seconds: 0)
  }
  let verdict = try compare(
    test, format: format, scratch: scratch, summary: summary, song: song, options: options)
  if verdict.passed {
    return GoldenTestResult(test: test, outcome: .passed, seconds: 0, verdict: verdict)
  }
  if options.mode == .update {
    try install(scratch, summary: summary, format: format, taps: taps, rate: plan.rate, test: test)
    return GoldenTestResult(test: test, outcome: .updated, seconds: 0, verdict: verdict)
  }
  var result = GoldenTestResult(test: test, outcome: .failed, seconds: 0, verdict: verdict)
  result.linesAreTracks = song.isMIDI
  result.rate = plan.rate
  // Which score lines changed, then how the audio differs.
  if let recorded = try? FileSystem.readAll(test.taps, limit: maximumTapsFileBytes),
    let (rate, old) = parseTapsText(String(decoding: recorded, as: UTF8.self)), rate == plan.rate
  {
    result.tapChanges = tapChanges(from: old, to: taps)
    result.line = zip(old, taps).first { $0 != $1 }.map { $0.1.line } ?? taps.last?.line
  }
  // Decoded once, for the explanations and the picture: 10 minutes of stereo 48 kHz at most
  // (460 MB).
  let pair = DecodedPair(
    expected: test.golden, actual: scratch.path, maximumFrames: 600 * 48_000)
  if let pair {
    result.explanation = explainDifference(
      expected: pair.expected, actual: pair.actual, channels: pair.channels, rate: pair.rate)
  }
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

/// Compares the render in `scratch` with the golden: sample by sample, or by content hash.
private func compare(
  _ test: GoldenTest, format: GoldenFormat, scratch: ScratchFile, summary: RenderSummary,
  song: Song, options: GoldenRunOptions
) throws(RenderError) -> GoldenVerdict {
  if format == .sha256 {
    let stored = (try? FileSystem.readAll(test.golden, limit: 4_096)).map {
      String(decoding: $0, as: UTF8.self)
    }
    return .contentHash(
      expected: stored?.split(separator: " ").first.map(String.init) ?? "",
      actual: summary.contentHash ?? "")
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

extension GoldenVerdict {
  /// Whether the render matches its golden.
  public var passed: Bool {
    switch self {
    case .samples(let comparison): comparison.passed
    case .contentHash(let expected, let actual): !expected.isEmpty && expected == actual
    }
  }
}
