import Testing

@testable import Drawing

@Suite struct NumberTextTests {
  @Test(arguments: [
    (1.23456, 3, "1.235"), (-1.25, 1, "−1.3"), (-0.04, 1, "0.0"), (0.5, 0, "1"), (2, 2, "2.00"),
    (0.007, 3, "0.007"), (-120, 0, "−120"), (-Double.infinity, 1, "−∞"), (Double.nan, 1, "?"),
  ])
  func fixedDecimalsRoundHalfAwayFromZeroWithATrueMinus(
    value: Double, decimals: Int, text: String
  ) {
    #expect(NumberText.fixed(value, decimals: decimals) == text)
  }

  @Test(arguments: [
    (49.6, "49.6 Hz"), (63, "63 Hz"), (125, "125 Hz"), (794.3, "794 Hz"), (1000, "1 kHz"),
    (1250, "1.25 kHz"), (6350.4, "6.35 kHz"), (16_000, "16 kHz"),
  ])
  func frequenciesReadAsAxisLabels(hertz: Double, text: String) {
    #expect(NumberText.hertz(hertz) == text)
  }

  @Test func decibelsHaveOneDecimal() {
    #expect(NumberText.decibels(0.5) == "−6.0 dB")
    #expect(NumberText.decibels(1) == "0.0 dB")
    #expect(NumberText.decibels(0) == "−∞ dB")
    #expect(NumberText.seconds(1.5, decimals: 3) == "1.500 s")
  }
}
