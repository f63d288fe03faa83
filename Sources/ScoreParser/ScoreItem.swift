/// A key named in a tap, with where it was written.
struct KeyReference {
  var name: String
  var line: Int32
  var column: Int32
}

/// One parsed element of a score, before repeats are expanded and time is resolved.
enum ScoreItem {
  /// Taps every key at the cursor, then moves on by `length` beats (default length if `nil`).
  case tap(keys: [KeyReference], length: Rational?, gain: Double, token: Token)
  /// Moves the cursor on by `length` beats (default length if `nil`).
  case rest(length: Rational?, token: Token)
  /// Sets the beats per minute from here on.
  case tempo(Rational, token: Token)
  /// Sets the default length in beats from here on.
  case length(Rational)
  /// Sets the meter from here on: `numerator` notes of 1/`denominator` a bar.
  case meter(numerator: Int, denominator: Int)
  /// Puts the taps after it in the voice at this index of the score's voices.
  case voice(Int)
  /// Moves the cursor to an absolute time in seconds.
  case timestamp(Rational, token: Token)
  /// A `|`, which should stand where a bar of the meter ends.
  case barLine(token: Token)
  /// Plays its items `count` times in a row.
  case group(RepeatGroup)
}

/// A `[ … ]xN` group, with its tap count per pass precomputed so limits can be checked first.
struct RepeatGroup {
  var items: [ScoreItem]
  var count: Int64
  /// Taps in one pass, saturating at `Int64.max`.
  var tapsPerPass: Int64
  var closeToken: Token
}

/// Taps in `items`, saturating at `Int64.max` instead of overflowing.
func tapCount(of items: [ScoreItem]) -> Int64 {
  var total: Int64 = 0
  for item in items {
    let taps: Int64
    switch item {
    case .tap(let keys, _, _, _): taps = Int64(keys.count)
    case .group(let group): taps = saturatingMultiply(group.tapsPerPass, group.count)
    default: taps = 0
    }
    let (sum, overflow) = total.addingReportingOverflow(taps)
    total = overflow ? .max : sum
  }
  return total
}

func saturatingMultiply(_ a: Int64, _ b: Int64) -> Int64 {
  let (product, overflow) = a.multipliedReportingOverflow(by: b)
  return overflow ? .max : product
}
