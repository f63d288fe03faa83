import CEBUR128
import Testing

@testable import Loudness

@Suite struct LoudnessErrorTests {
  @Test func anErrorSaysWhatCouldNotBeDone() {
    #expect(
      LoudnessError(operation: "measure loudness", reason: "no audio").description
        == "cannot measure loudness: no audio")
  }

  @Test(arguments: [
    (9, 48_000, "cannot measure loudness: 9 channels given; a meter takes 1 (mono) or 2 (stereo)"),
    (0, 48_000, "cannot measure loudness: 0 channels given; a meter takes 1 (mono) or 2 (stereo)"),
    (2, 8, "cannot measure loudness: a rate of 8 Hz given; libebur128 takes 16 to 2822400 Hz"),
    (
      1, 2_822_401,
      "cannot measure loudness: a rate of 2822401 Hz given; libebur128 takes 16 to 2822400 Hz"
    ),
  ])
  func aMeterLibebur128CannotBeRefused(channels: Int, rate: Int, message: String) {
    #expect(throws: LoudnessError.self) {
      try LoudnessMeter(channelCount: channels, sampleRate: rate)
    }
    do {
      _ = try LoudnessMeter(channelCount: channels, sampleRate: rate)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test(arguments: [16, 8_000, 44_100, 48_000, 192_000, 2_822_400])
  func everyRateLibebur128TakesMakesAMeter(rate: Int) throws {
    _ = try LoudnessMeter(channelCount: 1, sampleRate: rate)
  }

  @Test func framesEndingMidFrameAreRefused() throws {
    let meter = try LoudnessMeter(channelCount: 2, sampleRate: 48_000)
    let values: [Double] = [0.1, 0.2, 0.3]
    #expect(
      throws: LoudnessError(
        operation: "add frames", reason: "3 sample values are not whole frames of 2 channels")
    ) {
      try values.withUnsafeBufferPointer { try meter.add($0) }
    }
  }

  @Test(arguments: [
    (EBUR128_ERROR_NOMEM, "libebur128 ran out of memory"),
    (EBUR128_ERROR_INVALID_MODE, "the meter was not set up for this measurement"),
    (EBUR128_ERROR_INVALID_CHANNEL_INDEX, "the meter has no such channel"),
    (EBUR128_ERROR_NO_CHANGE, "the meter's settings were already these"),
  ])
  func everyLibraryErrorBecomesALoudnessError(status: error, reason: String) {
    #expect(throws: LoudnessError(operation: "add frames", reason: reason)) {
      try checkLibraryStatus(Int32(bitPattern: status.rawValue), operation: "add frames")
    }
  }

  @Test func successIsNoError() throws {
    try checkLibraryStatus(Int32(bitPattern: EBUR128_SUCCESS.rawValue), operation: "add frames")
  }

  @Test func anUnknownStatusIsNamed() {
    #expect(
      throws: LoudnessError(
        operation: "add frames", reason: "libebur128 returned the unknown status 99")
    ) {
      try checkLibraryStatus(99, operation: "add frames")
    }
  }
}
