import Resampling
import Testing

@Suite struct ChannelTests {
  @Test func stereoChannelsAreResampledSeparately() throws {
    let left = tone(1_046.5, rate: 44_100, frameCount: 44_100)
    let right = tone(523.25, rate: 44_100, frameCount: 44_100)
    let output = try resample(interleave(left, right), channels: 2, from: 44_100, to: 48_000)
    #expect(output.count == 2 * 48_000)
    let middle = 2_400..<45_600
    let leftOut = channel(0, of: output, channels: 2)
    let rightOut = channel(1, of: output, channels: 2)
    #expect(abs(cents(frequency(of: leftOut[middle], rate: 48_000), from: 1_046.5)) < 1)
    #expect(abs(cents(frequency(of: rightOut[middle], rate: 48_000), from: 523.25)) < 1)
  }

  @Test func aSilentChannelStaysSilentBesideALoudOne() throws {
    let left = tone(1_046.5, rate: 44_100, frameCount: 4_410)
    let silence = [Float](repeating: 0, count: 4_410)
    let output = try resample(interleave(left, silence), channels: 2, from: 44_100, to: 48_000)
    #expect(channel(1, of: output, channels: 2) == [Float](repeating: 0, count: 4_800))
  }

  @Test func aConstantStaysConstantInEachChannel() throws {
    let input = interleave(
      .init(repeating: 0.25, count: 4_410), .init(repeating: -0.25, count: 4_410))
    let output = try resample(input, channels: 2, from: 44_100, to: 48_000)
    let middle = 480..<4_320
    #expect(channel(0, of: output, channels: 2)[middle].allSatisfy { abs($0 - 0.25) < 1e-4 })
    #expect(channel(1, of: output, channels: 2)[middle].allSatisfy { abs($0 + 0.25) < 1e-4 })
  }
}
