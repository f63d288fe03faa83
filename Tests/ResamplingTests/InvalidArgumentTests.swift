import Resampling
import Testing

@Suite struct InvalidArgumentTests {
  @Test(arguments: [
    (0, 44_100, 48_000), (-1, 44_100, 48_000), (1, 0, 48_000), (1, 44_100, 0),
    (1, -44_100, 48_000), (2, 44_100, -48_000),
  ])
  func aNonPositiveRateOrChannelCountIsRefused(_ channels: Int, _ from: Int, _ to: Int) {
    let error = #expect(throws: ResampleError.self) {
      try resample([0.5, 0.5], channels: channels, from: from, to: to)
    }
    #expect(error?.reason == "invalid rate or channel count")
  }
}
