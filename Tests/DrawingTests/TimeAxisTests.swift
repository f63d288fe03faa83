import Testing

@testable import Drawing

@Suite struct TimeAxisTests {
  @Test(arguments: [
    (3.0, 930.0, 0.5, 1, 7), (65.0, 930.0, 10.0, 0, 7), (180.0, 930.0, 20.0, 0, 10),
    (0.05, 930.0, 0.005, 3, 11), (1.0, 90.0, 1.0, 0, 2),
  ])
  func ticksAreOneTwoOrFiveTimesAPowerOfTenAtLeastNinetyPixelsApart(
    seconds: Double, pixels: Double, step: Double, decimals: Int, count: Int
  ) {
    let axis = TimeAxis(seconds: seconds, pixels: pixels)
    #expect(axis.step == step)
    #expect(axis.decimals == decimals)
    #expect(axis.ticks.count == count)
    #expect(axis.ticks.first == 0)
  }

  @Test func labelsCarryTheStepsDecimals() {
    let axis = TimeAxis(seconds: 3, pixels: 930)
    #expect(
      axis.ticks.map(axis.label) == ["0.0 s", "0.5 s", "1.0 s", "1.5 s", "2.0 s", "2.5 s", "3.0 s"])
  }
}
