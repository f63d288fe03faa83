import Resampling
import Testing

@Suite struct ResampleLengthTests {
  /// The output holds the input's duration at the new rate, rounded to the nearest frame.
  @Test(arguments: [
    (44_100, 48_000, 441, 480), (48_000, 44_100, 480, 441), (44_100, 48_000, 1, 1),
    (48_000, 44_100, 3, 3), (8_000, 48_000, 5, 30), (44_100, 48_000, 0, 0),
    (48_000, 44_100, 1, 1), (96_000, 44_100, 3, 1),
  ])
  func lengthIsTheDurationRoundedToTheNearestFrame(
    _ from: Int, _ to: Int, _ inputFrames: Int, _ outputFrames: Int
  ) throws {
    let input = [Float](repeating: 0.25, count: inputFrames)
    let output = try resample(input, channels: 1, from: from, to: to)
    #expect(output.count == outputFrames)
  }

  /// Lengths count frames: a stereo frame is two sample values.
  @Test func stereoOutputHoldsTwoValuesPerFrame() throws {
    let input = [Float](repeating: 0.25, count: 2 * 441)
    #expect(try resample(input, channels: 2, from: 44_100, to: 48_000).count == 2 * 480)
  }

  @Test func anEqualRateReturnsTheInputUnchanged() throws {
    let input: [Float] = [0.5, -0.25, 0.125]
    #expect(try resample(input, channels: 1, from: 48_000, to: 48_000) == input)
  }
}
