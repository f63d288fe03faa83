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

  @Test func nanIsADifferenceRecordedWithItsFrameChannelAndFile() throws {
    let meter = measure([0, 0, .nan, 0, .nan, .nan], [0, 0, 0.5, 0, 0, 0], channels: 2)
    let nan = try #require(meter.firstNonFinite(in: .expected))
    #expect(nan.frame == 101)
    #expect(nan.channel == 0)
    #expect(nan.value.isNaN)
    #expect(meter.firstNonFinite(in: .actual) == nil)
    #expect(meter.holdsNonFinite)
    #expect(meter.firstDifference?.frame == 101)
    #expect(meter.differingFrames == 2)
    #expect(meter.largest.value == 0)
    #expect(meter.differenceRMS == 0)
    #expect(meter.loudest == 0.5)
  }

  @Test func theSameInfinityInBothFilesStillDiffers() {
    let meter = measure([0.25, .infinity, -.infinity], [0.25, .infinity, -.infinity])
    #expect(meter.firstNonFinite(in: .expected)?.frame == 101)
    #expect(meter.firstNonFinite(in: .expected)?.value == .infinity)
    #expect(meter.firstNonFinite(in: .actual)?.frame == 101)
    #expect(meter.firstDifference?.frame == 101)
    #expect(meter.differingFrames == 2)
    #expect(meter.largest.value == 0)
    #expect(meter.differenceRMS == 0)
    #expect(meter.loudest == 0.25)
  }

  @Test func sizesCountFiniteValuesOnly() {
    let meter = measure([0, .nan, 0, 0], [0.5, 0, -.infinity, 0])
    #expect(meter.firstNonFinite(in: .expected)?.frame == 101)
    #expect(meter.firstNonFinite(in: .actual)?.value == -.infinity)
    #expect(meter.firstNonFinite(in: .actual)?.frame == 102)
    #expect(meter.largest.value == 0.5)
    #expect(meter.largest.frame == 100)
    #expect(meter.differenceRMS == (0.25 / 2).squareRoot())
    #expect(meter.differingFrames == 3)
  }

  @Test func valuesPastTheShorterFileAreCheckedForNaN() {
    var meter = DifferenceMeter(channels: 2)
    [0, 0, 0, .nan].withUnsafeBufferPointer { meter.addUnpaired($0, of: .actual, at: 7) }
    #expect(meter.firstNonFinite(in: .actual)?.frame == 8)
    #expect(meter.firstNonFinite(in: .actual)?.channel == 1)
    #expect(meter.firstNonFinite(in: .expected) == nil)
    #expect(meter.differingFrames == 0)
  }
}
