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
