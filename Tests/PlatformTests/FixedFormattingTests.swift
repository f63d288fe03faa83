import Platform
import Testing

@Suite struct FixedFormattingTests {
  @Test(arguments: [
    (3.14159, 3, "3.142"), (12, 0, "12"), (0.001, 3, "0.001"), (0.05, 2, "0.05"),
    (-7.5, 2, "-7.50"), (1_234_567.891, 2, "1234567.89"),
  ])
  func valuesGetExactlyThatManyDecimals(_ value: Double, _ places: Int, _ text: String) {
    #expect(fixed(value, places: places) == text)
  }

  /// Halves (exact in binary) round away from zero, not to even as `%f` may.
  @Test(arguments: [
    (0.5, 0, "1"), (2.5, 0, "3"), (-2.5, 0, "-3"), (1.25, 1, "1.3"), (-1.25, 1, "-1.3"),
    (0.125, 2, "0.13"),
  ])
  func halvesRoundAwayFromZero(_ value: Double, _ places: Int, _ text: String) {
    #expect(fixed(value, places: places) == text)
  }

  @Test(arguments: [
    (6, false, "6.0"), (6, true, "+6.0"), (-6, true, "-6.0"), (0, true, "0.0"),
    (-0.04, false, "0.0"), (-0.04, true, "0.0"),
  ])
  func signedMarksValuesAwayFromZeroAndZeroHasNoSign(
    _ value: Double, _ signed: Bool, _ text: String
  ) {
    #expect(fixed(value, places: 1, signed: signed) == text)
  }

  @Test(arguments: [
    (Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"), (1e20, "1e+20"),
  ])
  func valuesBeyondTheIntegerRangeAreSpelledOut(_ value: Double, _ text: String) {
    #expect(fixed(value, places: 2) == text)
  }
}
