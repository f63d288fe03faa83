import Rendering
import SampleBank

/// A golden test's outcome and what explains it, as values; `GoldenReports` turns them into
/// the lines, JUnit and JSON the command line writes.
public struct GoldenTestResult: Sendable {
  public var test: GoldenTest
  public var outcome: GoldenOutcome
  public var seconds: Double
  /// What the comparison with the golden found, when one ran.
  public var verdict: GoldenVerdict?
  /// The score's taps that changed since the golden was recorded, by score line (or track).
  public var tapChanges: [TapChange] = []
  /// Whether the score was a MIDI file, whose taps' lines are tracks.
  public var linesAreTracks = false
  /// The rate (Hz) the render ran at: the taps' frames count at it.
  public var rate = 48_000
  /// How the audio differs, as the difference analysis explains it: a shift, a gain, a band.
  public var explanation: [String] = []
  /// The same findings as values.
  public var audioFindings: [AudioFinding] = []
  /// What changed since the golden's manifest was recorded (settings, a tempo, a sample),
  /// when both manifests are there; the tap changes a tempo change accounts for are not in
  /// `tapChanges`.
  public var manifestChanges: [ManifestChange] = []
  /// Whether `update` wrote the manifest of a golden that had none (its audio unchanged).
  public var wroteManifest = false
  /// What was left for a person to look at (`artifacts`), when asked.
  public var artifacts: GoldenArtifacts?
  /// The audio and picture kept for a report (`keepsMedia`), for a failing test.
  public var media: GoldenMedia?
  /// Why the test could not run: the score's diagnostics, a bank, a setting, or I/O.
  public var error: RenderError?
  /// The score line the failure is first about, for annotations.
  public var line: Int?
  /// The files the test read (its score, its bank's files and samples): what no report of
  /// the run may replace.
  public var inputs: [String] = []

  public init(
    test: GoldenTest, outcome: GoldenOutcome, seconds: Double, verdict: GoldenVerdict? = nil,
    error: RenderError? = nil
  ) {
    self.test = test
    self.outcome = outcome
    self.seconds = seconds
    self.verdict = verdict
    self.error = error
  }
}

/// How a render compared with its golden.
public enum GoldenVerdict: Sendable {
  /// Decoded sample by sample (or perceptually); the comparison's own report.
  case samples(GoldenComparison)
  /// Only the content hashes were compared (`.golden.sha256`).
  case contentHash(expected: String, actual: String)
}

/// A tap that differs between the golden's taps and the render's: taps of a score line are
/// paired in order.
public struct TapChange: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    case keyChanged(from: String)
    case moved(fromFrame: Int64)
    case gainChanged(from: Double)
    case removed
    case added
  }

  public var kind: Kind
  /// The tap as the render has it; for `.removed`, as the golden had it.
  public var tap: RecordedTap
}

/// How a render's audio differs from its golden's, told from the audio alone.
public enum AudioFinding: Equatable, Sendable {
  /// The render has this many more frames (fewer when negative); the frames both hold are
  /// identical.
  case length(extraFrames: Int)
  /// The render is silent (`render`), or the golden is.
  case silent(render: Bool)
  /// The render is the golden times this linear factor.
  case gain(factor: Double)
  /// The render is the golden delayed by this many frames (early when negative).
  case offset(frames: Int)
  /// Every differing frame lies in `startFrame..<endFrame`.
  case stretch(startFrame: Int, endFrame: Int)
}

/// The files a failing test left in the artifacts folder, or why it could not.
public enum GoldenArtifacts: Sendable {
  case written([String])
  case failed(String)
}

/// The taps that changed from `old` to `new`, by score line, in order.
func tapChanges(from old: [RecordedTap], to new: [RecordedTap]) -> [TapChange] {
  var oldByLine: [Int: [RecordedTap]] = [:]
  var newByLine: [Int: [RecordedTap]] = [:]
  for tap in old { oldByLine[tap.line, default: []].append(tap) }
  for tap in new { newByLine[tap.line, default: []].append(tap) }
  var changes: [TapChange] = []
  for line in Set(oldByLine.keys).union(newByLine.keys).sorted() {
    let before = oldByLine[line] ?? []
    let after = newByLine[line] ?? []
    for index in 0..<max(before.count, after.count) {
      switch (index < before.count ? before[index] : nil, index < after.count ? after[index] : nil)
      {
      case (let a?, let b?):
        if !nameSameBar(a.key, b.key) {
          changes.append(TapChange(kind: .keyChanged(from: a.key), tap: b))
        }
        if a.frame != b.frame {
          changes.append(TapChange(kind: .moved(fromFrame: a.frame), tap: b))
        }
        if a.gain != b.gain { changes.append(TapChange(kind: .gainChanged(from: a.gain), tap: b)) }
      case (let a?, nil): changes.append(TapChange(kind: .removed, tap: a))
      case (nil, let b?): changes.append(TapChange(kind: .added, tap: b))
      case (nil, nil): break
      }
    }
  }
  return changes
}
