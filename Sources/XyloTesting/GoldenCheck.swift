import AudioBasics
import AudioDigest
import GoldenReports
import GoldenTesting
import Platform
import Rendering
import SoundFile

/// What a golden check did when it did not fail.
public enum GoldenCheckOutcome: Equatable, Sendable {
  /// The render holds the golden's samples (or differs within the tolerance).
  case matched
  /// The golden was written (missing, or `all`).
  case recorded
}

/// A failed golden check: the lines the command line's `test` prints for it, and its
/// `description` is those lines, so XCTest and Swift Testing show them as the failure.
public struct GoldenMismatch: Error, CustomStringConvertible, Sendable {
  /// The golden file the check compared with or wanted.
  public var golden: String
  public var lines: [String]
  /// Whether the failing render was written as the new golden (`GoldenRecordMode.failed`).
  public var recorded: Bool

  public var description: String { lines.joined(separator: "\n") }
}

/// Renders `text` as score text and compares it, in memory, with the golden `name` in the
/// `Goldens` folder beside the calling test file (`Goldens/NAME.flac`, with its taps in
/// `NAME.taps` and its render's manifest in `NAME.manifest.json` as `xylo-render test` keeps
/// them; named without `.golden`, so the runner does not take them for goldens whose score is
/// gone).
///
/// Throws `GoldenMismatch` with the same explanation the command line prints when the render
/// differs, or when the golden is missing and the mode does not write it; `record` (or
/// `XYLO_GOLDEN_RECORD`) says when the golden is written. A throwing test fails in XCTest
/// and Swift Testing alike.
@discardableResult
public func checkGolden(
  score text: String, named name: String, options: SoundOptions = SoundOptions(),
  tolerance: GoldenTolerance? = nil, record: GoldenRecordMode? = nil,
  openBank: @escaping BankOpener = defaultBankOpener, filePath: String = #filePath
) throws -> GoldenCheckOutcome {
  let song = try Song(text: text, name: name + ".xylo", options: options, openBank: openBank)
  return try checkGolden(
    song, golden: goldenPath(named: name, beside: filePath), tolerance: tolerance,
    record: record)
}

/// Renders the score or MIDI file at `path` and compares it with the golden beside the calling
/// test file named after the score (`Goldens/twinkle.flac` for `twinkle.xylo`); see
/// `checkGolden(score:named:...)`.
@discardableResult
public func checkGolden(
  scoreFile path: String, named name: String? = nil, options: SoundOptions = SoundOptions(),
  tolerance: GoldenTolerance? = nil, record: GoldenRecordMode? = nil,
  openBank: @escaping BankOpener = defaultBankOpener, filePath: String = #filePath
) throws -> GoldenCheckOutcome {
  let song = try Song(file: path, options: options, openBank: openBank)
  return try checkGolden(
    song, golden: goldenPath(named: name ?? Path.baseName(path), beside: filePath),
    tolerance: tolerance, record: record)
}

/// `Goldens/NAME.flac` in the folder of `file`.
func goldenPath(named name: String, beside file: String) -> String {
  let folder = Path.deletingLastComponent(file)
  return Path.join(Path.join(folder.isEmpty ? "." : folder, "Goldens"), name + ".flac")
}

/// Checks `song` against the FLAC golden at `golden`.
public func checkGolden(
  _ song: Song, golden: String, tolerance: GoldenTolerance? = nil,
  record: GoldenRecordMode? = nil
) throws -> GoldenCheckOutcome {
  guard let mode = record ?? GoldenRecordMode.fromEnvironment() else {
    throw GoldenMismatch(
      golden: golden,
      lines: [
        "\(GoldenRecordMode.environmentVariable) names no record mode; use one of \(GoldenRecordMode.allCases.map(\.rawValue).joined(separator: ", "))"
      ], recorded: false)
  }
  var settings = song.settings
  let encoding = song.options.encoding ?? .pcm16
  guard case .success(let format) = OutputFormat.make(container: .flac, encoding: encoding)
  else {
    throw RenderError.invalidSetting(
      "a FLAC golden holds pcm16 or pcm24, not \(encoding.rawValue)")
  }
  settings.format = format
  let plan = try RenderPlan(score: song.score, bank: song.bank, settings: settings)
  let exists = FileSystem.kind(of: golden) != .missing
  if mode == .all || (!exists && mode != .never) {
    try write(plan, song: song, golden: golden)
    return .recorded
  }
  guard exists else {
    throw GoldenMismatch(
      golden: golden,
      lines: [
        "missing golden '\(displayText(golden, limit: 300))'; run with \(GoldenRecordMode.environmentVariable)=missing to write it"
      ], recorded: false)
  }
  let actual = try renderAsWritten(plan)
  let expected: any AudioReading
  do { expected = try openAudio(path: golden) } catch { throw RenderError.soundFile(error) }
  let comparison = try compareGolden(
    expected: expected, actual: actual, tolerance: tolerance ?? song.options.tolerance,
    score: song.path.map { ScoreContext(path: $0, options: song.options) })
  if comparison.passed { return .matched }
  let lines = try explained(comparison, plan: plan, song: song, golden: golden)
  var recorded = false
  if mode == .failed {
    try write(plan, song: song, golden: golden)
    recorded = true
  }
  throw GoldenMismatch(golden: golden, lines: lines, recorded: recorded)
}

/// What `xylo-render test` prints for the failure, from the same code: the comparison's first
/// line, what the manifests say changed, which taps changed, how the audio differs, the rest.
/// The render is written once more, to a file the explanation decodes.
private func explained(
  _ comparison: GoldenComparison, plan: RenderPlan, song: Song, golden: String
) throws -> [String] {
  let scratch = try ScratchFile(extension: "flac")
  let summary = try render(plan, to: .file(scratch.path))
  var manifest = try? RenderManifest(song: song, plan: plan, summary: summary)
  try? manifest?.measure(fileAt: scratch.path)
  var result = GoldenTestResult(
    test: GoldenTest(
      score: song.path ?? Path.baseName(golden) + ".xylo", golden: golden, goldenExists: true),
    outcome: .failed, seconds: 0, verdict: .samples(comparison))
  result.rate = plan.rate
  result.linesAreTracks = song.isMIDI
  explainDifference(
    &result,
    files: GoldenFiles(
      golden: golden, taps: companion(of: golden, "taps"),
      manifest: companion(of: golden, "manifest.json"), render: scratch.path),
    taps: recordedTaps(song.score, rate: plan.rate), current: manifest)
  return result.lines
}

/// `Goldens/NAME.EXTENSION` beside `Goldens/NAME.flac`.
private func companion(of golden: String, _ ext: String) -> String {
  String(golden.dropLast("flac".count)) + ext
}

/// Writes the golden, its taps and its render's manifest, never through a link.
private func write(_ plan: RenderPlan, song: Song, golden: String) throws {
  let taps = companion(of: golden, "taps")
  let manifestPath = companion(of: golden, "manifest.json")
  for path in [golden, taps, manifestPath]
  where FileStatus(of: path, followingLinks: false)?.kind == .link {
    throw RenderError.output(
      OutputError(
        path: path, reason: "it is a symbolic link; goldens are never written through links"))
  }
  try FileSystem.createDirectories(Path.deletingLastComponent(golden))
  let summary = try render(plan, to: .file(golden))
  let text = tapsText(recordedTaps(song.score, rate: plan.rate), rate: plan.rate)
  try writeAtomically(Array(text.utf8), to: .file(taps), inputs: []) { _ in true }
  // As the runner keeps one beside each golden, so a failure can say what changed.
  if var manifest = try? RenderManifest(song: song, plan: plan, summary: summary) {
    try? manifest.measure(fileAt: golden)
    try manifest.write(to: .file(manifestPath), inputs: [golden, taps])
  }
}
