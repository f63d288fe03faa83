import ScoreParser
import Testing

@Suite struct RationalTests {
  @Test func fractionsAreReducedWithPositiveDenominators() {
    #expect(Rational(6, -4) == Rational(-3, 2))
    #expect(Rational(6, -4)?.description == "-3/2")
    #expect(Rational(1, 0) == nil)
  }

  @Test func parsingIsExact() {
    #expect(Rational(parsing: "0.1") == Rational(1, 10))
    #expect(Rational(parsing: "97.25") == Rational(389, 4))
    #expect(Rational(parsing: "3/6") == Rational(1, 2))
    #expect(Rational(parsing: "1.50000000000000000000") == Rational(3, 2))
    #expect(Rational(parsing: "-1") == nil)
    #expect(Rational(parsing: "1e3") == nil)
    #expect(Rational(parsing: "9223372036854775808") == nil)
  }

  /// Whole numbers take a shorter path than decimals and fractions; both read the same.
  @Test(arguments: [
    ("0", Rational(0)), ("7", Rational(7)), ("007", Rational(7)),
    ("123456789012345678", Rational(123_456_789_012_345_678)),
    ("1234567890123456789", Rational(1_234_567_890_123_456_789)),
    ("9223372036854775807", Rational(Int64.max)), ("9223372036854775808", nil), ("", nil),
    ("12a", nil), ("-3", nil), ("+3", nil), (" 3", nil), ("3 ", nil), ("١", nil),
    ("1.50", Rational(3, 2)), ("480/960", Rational(1, 2)),
  ])
  func wholeNumbersParseAsEveryNumberDoes(text: String, value: Rational?) {
    #expect(Rational(parsing: text) == value)
    #expect(Rational(parsing: text[...]) == value)
  }

  @Test func overflowIsNilNeverAWrongValue() {
    let big = Rational(Int64.max)
    #expect(big.adding(.one) == nil)
    #expect(big.multiplied(by: Rational(2)) == nil)
    #expect(Rational(1, Int64.max)?.adding(Rational(1, Int64.max - 1) ?? .zero) == nil)
    #expect(Rational(1, 3)?.adding(Rational(1, 6) ?? .zero) == Rational(1, 2))
  }

  @Test func comparisonDoesNotOverflow() {
    let a = Rational(Int64.max - 1, Int64.max) ?? .zero
    let b = Rational(Int64.max - 2, Int64.max - 1) ?? .zero
    #expect(b < a)
  }

  /// Values small and at the edges of 64 bits, where the 64-bit path gives way to 128 bits.
  static let edgeValues: [Rational] = {
    let parts: [Int64] = [
      0, 1, -1, 2, 3, -7, 96_000, 1 << 31, -(1 << 32) - 1, 3_037_000_499, 3_037_000_500,
      Int64.max, Int64.max - 1, Int64.min + 1, Int64.min,
    ]
    return parts.flatMap { n in parts.compactMap { d in Rational(n, d) } }
  }()

  /// Every operation gives exactly what one reduction of its 128-bit result gives, on both
  /// sides of the 64-bit fast path.
  @Test func arithmeticMatchesExact128BitArithmetic() {
    for a in Self.edgeValues {
      for b in Self.edgeValues {
        let (an, ad) = (Int128(a.numerator), Int128(a.denominator))
        let (bn, bd) = (Int128(b.numerator), Int128(b.denominator))
        #expect(a.adding(b) == reduced(an * bd + bn * ad, ad * bd), "\(a) + \(b)")
        #expect(a.subtracting(b) == reduced(an * bd - bn * ad, ad * bd), "\(a) - \(b)")
        #expect(a.multiplied(by: b) == reduced(an * bn, ad * bd), "\(a) * \(b)")
        #expect(a.divided(by: b) == reduced(an * bd, ad * bn), "\(a) / \(b)")
        #expect((a < b) == (an * bd < bn * ad), "\(a) < \(b)")
      }
    }
  }

  @Test func theSmallestNumeratorIsReducedExactly() {
    #expect(Rational(Int64.min, 2) == Rational(Int64.min / 2))
    #expect(Rational(Int64.min, -1) == nil)
    #expect(Rational(4, Int64.min) == Rational(-1, 1 << 61))
    #expect(Rational(Int64.min, Int64.min) == .one)
  }

  @Test(arguments: [
    ("1/96000", Int64(1)), ("1/96001", 0), ("3/96000", 2), ("1/3", 16_000), ("2/3", 32_000),
    ("0.00001", 0), ("0.0000104166", 0), ("0.0000104167", 1),
  ])
  func framesRoundToNearestWithTiesToTheLater(_ time: String, _ frame: Int64) {
    #expect(Rational(parsing: time)?.roundedHalfUp(scale: 48_000) == frame)
  }

  @Test func decimalStringRoundsHalfUpAtTheLastPlace() {
    #expect(Rational(1, 3)?.decimalString(places: 6) == "0.333333")
    #expect(Rational(2, 3)?.decimalString(places: 6) == "0.666667")
    #expect(Rational(1, 2_000_000)?.decimalString(places: 6) == "0.000001")
    #expect(Rational(86_400).decimalString(places: 3) == "86400.000")
    #expect(Rational(86_400).decimalString(places: 0) == "86400")
  }
}

/// `n / d` in lowest terms with a positive denominator, computed in 128 bits; `nil` when `d`
/// is zero or a reduced part does not fit in 64 bits.
private func reduced(_ n: Int128, _ d: Int128) -> Rational? {
  guard d != 0 else { return nil }
  var (x, y) = (n.magnitude, d.magnitude)
  while y != 0 { (x, y) = (y, x % y) }
  let divisor = Int128(x)
  let sign: Int128 = d < 0 ? -1 : 1
  guard let top = Int64(exactly: sign * n / divisor),
    let bottom = Int64(exactly: sign * d / divisor)
  else { return nil }
  return Rational(top, bottom)
}
