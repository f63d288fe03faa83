import ScoreParser
import Testing

/// The score's taps as `frame key` lines at `rate`, in time order; records an issue on errors.
func placedTaps(_ text: String, rate: Int64 = 48_000, keys: [String]? = nil) -> [String] {
  let result = parseScore(text, options: ParseOptions(keys: keys))
  #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { $0.headline(path: "s") })")
  guard let score = result.score else { return [] }
  return score.taps.map { tap in
    "\(tap.time.roundedHalfUp(scale: rate).map(String.init) ?? "overflow") \(tap.key)"
  }
}

/// The headlines of every diagnostic of `text`, as printed for a file named `s.xylo`.
func headlines(_ text: String, options: ParseOptions = ParseOptions(keys: testTitles)) -> [String] {
  parseScore(text, options: options).diagnostics.map { $0.headline(path: "s.xylo") }
}

/// A small bank's titles, in suggestion order.
let testTitles = ["C", "D", "E", "F", "G", "A", "B", "HighC", "C#6", "Db6"]
