import Testing

@testable import Drawing

@Suite struct EnvelopeTests {
  @Test func columnsShareTheFramesAndHoldAtLeastOne() {
    #expect(Envelope.columnRanges(totalFrames: 10, columns: 4) == [0..<2, 2..<5, 5..<7, 7..<10])
    #expect(Envelope.columnRanges(totalFrames: 2, columns: 4) == [0..<1, 0..<1, 1..<2, 1..<2])
    #expect(Envelope.columnRanges(totalFrames: 0, columns: 2) == [0..<0, 0..<0])
  }

  @Test func theAverageOfTheChannelsIsTakenBeforeTheRange() {
    let stereo: [Double] = [1, 0, -1, 0, 0.5, 0.5, 0, 0]
    #expect(
      Envelope.averaged(stereo, channels: 2, totalFrames: 4, columns: 2) == [-0.5...0.5, 0...0.5])
  }

  @Test func columnsPastTheSignalsEndOrWithoutFiniteValuesAreNil() {
    #expect(
      Envelope.averaged([0.25, .nan], channels: 1, totalFrames: 3, columns: 3) == [
        0.25...0.25, nil, nil,
      ])
  }

  @Test func differencesInTwoChannelsDoNotCancelAndMissingFramesAreZero() {
    let expected: [Double] = [0, 0, 0.5, 0.5]
    let actual: [Double] = [0.25, -0.25]
    #expect(
      Envelope.difference(
        expected: expected, actual: actual, channels: 2, totalFrames: 2, columns: 2) == [
          -0.25...0.25, -0.5...(-0.5),
        ])
  }

  @Test func thePeakIsTheLargestMagnitude() {
    #expect(Envelope.peak([-0.75...0.25, nil, 0...0.5]) == 0.75)
    #expect(Envelope.peak([nil]) == 0)
  }
}
