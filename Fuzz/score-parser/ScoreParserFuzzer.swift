// libFuzzer harness for ScoreParser: any bytes must give a score or errors, never a crash, a
// hang or runaway memory. `scripts/fuzz` links it with libFuzzer, whose main calls
// `LLVMFuzzerTestOneInput`; in the package it is a library that nothing else links.
import Rendering
import ScoreParser

private let titles = ["C", "D", "E", "F", "G", "A", "B", "HighC", "F#4", "Gb4", "C8", "kick_2"]

/// One input: must not crash, hang or leak; returns 0 as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScoreParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // Smaller limits than the tool's keep each run fast; the checks are the same code.
  let keys = size % 2 == 0 ? titles : nil
  let options = ParseOptions(keys: keys, maxTaps: 50_000, maxDuration: Rational(3_600))
  let result = parseScore(bytes, options: options)
  let errors = result.diagnostics.filter { $0.severity == .error }
  precondition((result.score == nil) == !errors.isEmpty, "a score iff no errors")
  precondition(errors.count <= 51, "the error cap holds")
  for diagnostic in result.diagnostics {
    precondition(diagnostic.line >= 1 && diagnostic.column >= 1, "positions start at 1")
    _ = diagnostic.caretLine(under: "")
  }
  if let score = result.score {
    precondition(score.taps.count <= 50_000, "the tap limit holds")
    precondition(zip(score.taps, score.taps.dropFirst()).allSatisfy { !($1.time < $0.time) })
    precondition(score.duration <= Rational(3_600), "the duration limit holds")
    _ = try? schedule(score, rate: 48_000)
  }
  return 0
}
