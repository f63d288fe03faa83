import AudioDigest
import Testing

@Suite struct DifferenceMeterTests {
  private func measure(_ expected: [Double], _ actual: [Double], channels: Int = 1)
    -> DifferenceMeter
  {
    var meter = DifferenceMeter(channels: channels)
    expected.withUnsafeBufferPointer { a in
      actual.withUnsafeBufferPointer { b in meter.add(expected: a, actual: b, at: 100) }
    }
    return meter
  }

  @Test func identicalSignalsHaveNoDifference() {
    let meter = measure([0.5, -0.25], [0.5, -0.25])
    #expect(meter.firstDifference == nil)
    #expect(meter.differingFrames == 0)
    #expect(meter.differenceRMS == 0)
    #expect(meter.loudest == 0.5)
  }

  @Test func theFirstAndLargestDifferencesAreLocatedByFrameAndChannel() {
    let meter = measure([0, 0, 0, 0, 0, 0], [0, 0, 0, 0.25, 0.5, 0], channels: 2)
    #expect(meter.firstDifference?.frame == 101)
    #expect(meter.firstDifference?.channel == 1)
    #expect(meter.largest.value == 0.5)
    #expect(meter.largest.frame == 102)
    #expect(meter.differingFrames == 2)
    #expect(meter.framesCompared == 3)
    // sqrt((0.25^2 + 0.5^2) / 6)
    #expect(abs(meter.differenceRMS - (0.3125 / 6).squareRoot()) < 1e-15)
  }
}
