import AudioDigest
import Dispatch
import Platform
import Rendering
import ScoreParser
import Settings
import SoundFile

/// What a golden test ended as.
public enum GoldenOutcome: String, Sendable {
  case passed
  case failed
  /// The golden was missing and has been written (not under `ci`).
  case written
  /// The render differed and `update` rewrote the golden.
  case updated
  /// A golden whose score is gone (a failure under `ci`).
  case obsolete
  /// An obsolete golden `update` removed.
  case removed
  /// The score could not be rendered: its diagnostics, or why.
  case error

  /// Whether the outcome fails a run in `mode`.
  public func fails(in mode: GoldenMode) -> Bool {
    switch self {
    case .failed, .error: true
    case .obsolete: mode == .ci
    case .passed, .written, .updated, .removed: false
    }
  }
}

/// How the runner treats goldens.
public enum GoldenMode: Sendable {
  /// Compare; write goldens that are missing.
  case check
  /// Compare; a missing or obsolete golden is a failure, and nothing is written.
  case ci
  /// Rewrite goldens whose decoded audio changed (others keep their bytes and time), write
  /// missing ones, remove obsolete ones.
  case update
}

/// How a run of golden tests goes.
public struct GoldenRunOptions: Sendable {
  public var mode: GoldenMode = .check
  public var format: GoldenFormat = .flac
  /// Tests run at once; each render then mixes on one thread when more than one runs.
  public var jobs = processorCount()
  /// The tolerance for every test, over the score's own (`options --tolerance`) and the
  /// command line's; `nil` uses those, or exact.
  public var tolerance: GoldenTolerance?
  /// Sound options set explicitly (by the command line), over each score's `options`.
  public var soundOptions = SoundOptions()
  public var limits = ParseOptions()
  public var midi = MIDIChoices()
  /// Where a failing test leaves its render and the difference; `nil` for nowhere.
  public var artifacts: String?
  /// Whether a failing test keeps its audio and picture for a report (`GoldenTestResult.media`).
  public var keepsMedia = false
  public var bankOpener: BankOpener = defaultBankOpener

  public init() {}
}

/// Runs `tests` (`jobs` at a time) and the obsolete goldens' bookkeeping, handing each result to
/// `report` in the tests' order as soon as it and those before it are done; returns them all.
public func runGoldenTests(
  _ tests: [GoldenTest], obsolete: [String], options: GoldenRunOptions,
  report: @escaping @Sendable (GoldenTestResult) -> Void = { _ in }
) -> [GoldenTestResult] {
  let jobs = max(1, min(options.jobs, tests.count))
  let renderJobs = jobs > 1 ? 1 : options.jobs
  let collector = OrderedResults(count: tests.count, report: report)
  forEachIndex(below: tests.count, jobs: jobs, label: "test") { index in
    collector.add(runGoldenTest(tests[index], options: options, renderJobs: renderJobs), at: index)
  }
  var results = collector.results
  for golden in obsolete {
    let test = GoldenTest(score: "", golden: golden, goldenExists: true)
    let result: GoldenTestResult
    if options.mode == .update {
      let removed = unlink(golden) == 0
      result = GoldenTestResult(
        test: test, outcome: removed ? .removed : .error, seconds: 0,
        error: removed
          ? nil : .output(OutputError(path: golden, reason: errorText(errno))))
    } else {
      result = GoldenTestResult(test: test, outcome: .obsolete, seconds: 0)
    }
    report(result)
    results.append(result)
  }
  return results
}

/// Results kept in order and handed out as soon as every earlier one is in.
private final class OrderedResults: @unchecked Sendable {
  private var slots: [GoldenTestResult?]
  private var nextToReport = 0
  private let lock = DispatchSemaphore(value: 1)
  private let report: @Sendable (GoldenTestResult) -> Void

  init(count: Int, report: @escaping @Sendable (GoldenTestResult) -> Void) {
    slots = Array(repeating: nil, count: count)
    self.report = report
  }

  func add(_ result: GoldenTestResult, at index: Int) {
    lock.wait()
    defer { lock.signal() }
    slots[index] = result
    while nextToReport < slots.count, let ready = slots[nextToReport] {
      report(ready)
      nextToReport += 1
    }
  }

  var results: [GoldenTestResult] {
    lock.wait()
    defer { lock.signal() }
    return slots.compactMap { $0 }
  }
}

/// Writes a report file atomically, like every output.
public func writeReport(_ text: String, to path: String) throws(RenderError) {
  try writeAtomically(Array(text.utf8), to: Destination(path), inputs: []) { _ in true }
}
