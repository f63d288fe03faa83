/// A key named in a tap, with where it was written.
struct KeyReference {
  var name: String
  var line: Int32
  var column: Int32
}

/// One parsed element of a score, before repeats are expanded and time is resolved. Items keep
/// where they were written (for the expansion's diagnostics), not their text.
enum ScoreItem {
  /// Taps every key at the cursor, then moves on by `length` beats (default length if `nil`),
  /// at `gain` (the default gain if `nil`).
  case tap(keys: [KeyReference], length: Rational?, gain: Double?, at: SourceSpan)
  /// Moves the cursor on by `length` beats (default length if `nil`).
  case rest(length: Rational?, at: SourceSpan)
  /// Sets the beats per minute from here on.
  case tempo(Rational, at: SourceSpan)
  /// Sets the default length in beats from here on.
  case length(Rational)
  /// Sets the default gain (linear) from here on.
  case gain(Double)
  /// Sets the meter from here on: `numerator` notes of 1/`denominator` a bar.
  case meter(numerator: Int, denominator: Int)
  /// Puts the taps after it in the voice at this index of the score's voices.
  case voice(Int)
  /// Moves the cursor to an absolute time in seconds.
  case timestamp(Rational, at: SourceSpan)
  /// A `|`, which should stand where a bar of the meter ends.
  case barLine(at: SourceSpan)
  /// Plays its items `count` times in a row.
  case group(RepeatGroup)
}

/// A `[ … ]xN` group, with its tap count per pass precomputed so limits can be checked first.
struct RepeatGroup {
  var items: [ScoreItem]
  var count: Int64
  /// Taps in one pass, saturating at `Int64.max`.
  var tapsPerPass: Int64
  /// The `]xN` that closes it.
  var close: SourceSpan
}

/// `a + b`, saturating at `Int64.max` instead of overflowing (both 0 or more).
func saturatingAdd(_ a: Int64, _ b: Int64) -> Int64 {
  let (sum, overflow) = a.addingReportingOverflow(b)
  return overflow ? .max : sum
}

func saturatingMultiply(_ a: Int64, _ b: Int64) -> Int64 {
  let (product, overflow) = a.multipliedReportingOverflow(by: b)
  return overflow ? .max : product
}
