import AudioBasics
import AudioDigest
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
/// `NAME.taps` as `xylo-render test` keeps them; named without `.golden`, so the runner does
/// not take them for goldens whose score is gone).
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
  var recorded = false
  if mode == .failed {
    try write(plan, song: song, golden: golden)
    recorded = true
  }
  throw GoldenMismatch(
    golden: golden, lines: comparison.lines + comparison.warnings.map { "warning: \($0)" },
    recorded: recorded)
}

/// Writes the golden and its taps, never through a link.
private func write(_ plan: RenderPlan, song: Song, golden: String) throws {
  let taps = golden.dropLast("flac".count) + "taps"
  for path in [golden, String(taps)]
  where FileStatus(of: path, followingLinks: false)?.kind == .link {
    throw RenderError.output(
      OutputError(
        path: path, reason: "it is a symbolic link; goldens are never written through links"))
  }
  try FileSystem.createDirectories(Path.deletingLastComponent(golden))
  _ = try render(plan, to: .file(golden))
  let text = tapsText(recordedTaps(song.score, rate: plan.rate), rate: plan.rate)
  try writeAtomically(Array(text.utf8), to: .file(String(taps)), inputs: []) { _ in true }
}
