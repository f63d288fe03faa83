import AudioBasics
import AudioDigest
import Platform
import Rendering
import ScoreParser
import SoundFile

/// Runs one golden test: renders the score as its options and the command line say, compares
/// the render with the golden (or writes the golden), and explains any difference.
public func runGoldenTest(_ test: GoldenTest, options: GoldenRunOptions, renderJobs: Int = 1)
  -> GoldenTestResult
{
  let start = monotonicSeconds()
  func result(_ outcome: GoldenOutcome, _ lines: [String], line: Int? = nil) -> GoldenTestResult {
    GoldenTestResult(
      test: test, outcome: outcome, lines: lines, line: line, seconds: monotonicSeconds() - start)
  }
  do {
    return try run(test, options: options, renderJobs: renderJobs, result: result)
  } catch {
    return result(.error, errorLines(error))
  }
}

private func run(
  _ test: GoldenTest, options: GoldenRunOptions, renderJobs: Int,
  result: (GoldenOutcome, [String], Int?) -> GoldenTestResult
) throws(RenderError) -> GoldenTestResult {
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
    return result(
      .error,
      ["a FLAC golden holds pcm16 or pcm24, not \(encoding.rawValue); use --golden-format wav"],
      nil)
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
  let name = Path.lastComponent(test.score)
  let place = song.isMIDI ? "track " : ""

  if !test.goldenExists {
    guard options.mode != .ci else {
      return result(
        .failed,
        ["missing golden '\(test.golden)'; run 'xylo-render test --update' and commit it"], nil)
    }
    try install(scratch, summary: summary, format: format, taps: taps, rate: plan.rate, test: test)
    return result(.written, ["wrote '\(test.golden)'"], nil)
  }
  let comparison = try compare(
    test, format: format, scratch: scratch, summary: summary, options: options, song: song)
  if comparison.passed {
    return result(.passed, [], nil)
  }
  if options.mode == .update {
    try install(scratch, summary: summary, format: format, taps: taps, rate: plan.rate, test: test)
    return result(.updated, ["rewrote '\(test.golden)'"], nil)
  }
  // The verdict, then which score lines changed, then how the audio differs.
  var lines = Array(comparison.lines.prefix(1))
  var line: Int?
  if let recorded = try? FileSystem.readAll(test.taps),
    let (rate, old) = parseTapsText(String(decoding: recorded, as: UTF8.self)), rate == plan.rate
  {
    let changes = tapChanges(
      from: old, to: taps, rate: plan.rate, scoreName: name, placeWord: place)
    lines += changes.map { "  " + $0 }
    line = zip(old, taps).first { $0 != $1 }.map { $0.1.line } ?? taps.last?.line
  }
  // Decoded once, for the explanations and the picture: 10 minutes of stereo 48 kHz at most
  // (460 MB).
  let pair = DecodedPair(
    expected: test.golden, actual: scratch.path, maximumFrames: 600 * 48_000)
  if let pair {
    lines += explainDifference(
      expected: pair.expected, actual: pair.actual, channels: pair.channels, rate: pair.rate
    ).map { "  " + $0 }
  }
  lines += comparison.lines.dropFirst()
  if let artifacts = options.artifacts {
    lines += saveArtifacts(
      test, scratch: scratch, container: container, folder: artifacts, decoded: pair,
      score: score)
  }
  return result(.failed, lines, line)
}

/// Compares the render in `scratch` with the golden: sample by sample, or by content hash.
private func compare(
  _ test: GoldenTest, format: GoldenFormat, scratch: ScratchFile, summary: RenderSummary,
  options: GoldenRunOptions, song: Song
) throws(RenderError) -> (passed: Bool, lines: [String]) {
  if format == .sha256 {
    let stored = (try? FileSystem.readAll(test.golden)).map { String(decoding: $0, as: UTF8.self) }
    let expected = stored?.split(separator: " ").first.map(String.init) ?? ""
    let actual = summary.contentHash ?? ""
    return (
      expected == actual,
      ["different: the render's content hash is \(actual), the golden's \(expected)"]
    )
  }
  let comparison = try compareGolden(
    expected: test.golden, actual: scratch.path,
    tolerance: options.tolerance ?? song.options.tolerance)
  let lines = (comparison.warnings.map { "  warning: " + $0 } + comparison.lines).map {
    $0.replacing("'\(scratch.path)'", with: "the render")
  }
  return (comparison.passed, lines)
}
