import AudioBasics
import Foundation
import Resampling
import SampleBank
import Testing

@Suite struct ResamplingTests {
  /// The frequency of a tone from its rising zero crossings, interpolated between frames.
  private func frequency(of values: [Float], rate: Double) -> Double {
    var crossings: [Double] = []
    for index in 1..<values.count where values[index - 1] < 0 && values[index] >= 0 {
      let a = Double(values[index - 1])
      let b = Double(values[index])
      crossings.append(Double(index - 1) + a / (a - b))
    }
    let periods = Double(crossings.count - 1)
    return periods * rate / (crossings[crossings.count - 1] - crossings[0])
  }

  @Test func aToneAt44100KeepsItsPitchWithinOneCentAt48000() throws {
    let tone = (0..<88_200).map { Float(0.5 * sin(2 * Double.pi * 1_046.5 * Double($0) / 44_100)) }
    let decoded = DecodedSample(
      title: "C", source: "tone", sampleRate: 44_100, channels: 1, values: tone)
    let sample = try prepare(decoded, rate: 48_000, channels: 1)
    #expect(sample.frameCount == 96_000)
    // Skip the filter's edges, then measure.
    let measured = frequency(of: Array(sample.values[2_000..<94_000]), rate: 48_000)
    let cents = 1_200 * log2(measured / 1_046.5)
    #expect(abs(cents) < 1)
  }

  @Test func stereoSamplesResampleEachChannel() throws {
    let values = [[Float]](repeating: [0.25, -0.25], count: 4_410).flatMap { $0 }
    let decoded = DecodedSample(
      title: "C", source: "dc", sampleRate: 44_100, channels: 2, values: values)
    let sample = try prepare(decoded, rate: 48_000, channels: 2)
    #expect(sample.frameCount == 4_800)
    // Away from the edges a constant stays constant, each channel its own.
    #expect(abs(sample.values[4_800] - 0.25) < 1e-4)
    #expect(abs(sample.values[4_801] + 0.25) < 1e-4)
  }

  @Test func channelsResampledOneByOneHoldTheBitsOfResamplingThemTogether() throws {
    // Two different noises, so that neither channel can stand for the other.
    var state: UInt32 = 1
    let values = (0..<(2 * 20_000)).map { _ -> Float in
      state = state &* 1_664_525 &+ 1_013_904_223
      return Float(Int16(truncatingIfNeeded: state >> 16)) / 32_768
    }
    let decoded = DecodedSample(
      title: "C", source: "noise", sampleRate: 44_100, channels: 2, values: values)
    let together = try resample(values, channels: 2, from: 44_100, to: 48_000)
    let sample = try prepare(decoded, rate: 48_000, channels: 2)
    #expect(sample.values.map(\.bitPattern) == together.map(\.bitPattern))
    // Each plane on its own, the right one first, as two loading threads may finish them.
    let planes = ResampledPlanes(decoded, rate: 48_000)
    #expect(planes.count == 2)
    #expect(!planes.resample(1))
    #expect(planes.resample(0))
    let apart = try planes.sample(channels: 2)
    #expect(apart.values.map(\.bitPattern) == together.map(\.bitPattern))
  }

  @Test func sixteenBitChannelsResampleToTheBitsOfTheirFloats() throws {
    var state: UInt32 = 7
    let values = (0..<(2 * 9_000)).map { _ -> Int16 in
      state = state &* 1_664_525 &+ 1_013_904_223
      return Int16(truncatingIfNeeded: state >> 16)
    }
    let decoded = DecodedSample(
      title: "C", source: "noise", sampleRate: 44_100, channels: 2, storage: .int16(values))
    let floats = values.map { Float($0) / 32_768 }
    let together = try resample(floats, channels: 2, from: 44_100, to: 48_000)
    let sample = try prepare(decoded, rate: 48_000, channels: 2)
    #expect(sample.values.map(\.bitPattern) == together.map(\.bitPattern))
  }

  @Test func equalChannelsAreResampledOnceAndKeptOnce() throws {
    let mono = (0..<5_000).map { Int16(truncatingIfNeeded: $0 &* 7_919) }
    let decoded = DecodedSample(
      title: "C", source: "equal", sampleRate: 44_100, channels: 2,
      storage: .int16(mono.flatMap { [$0, $0] }))
    let planes = ResampledPlanes(decoded, rate: 48_000)
    #expect(planes.count == 1)
    planes.resample(0)
    let sample = try planes.sample(channels: 2)
    let together = try resample(
      mono.flatMap { [Float($0) / 32_768, Float($0) / 32_768] }, channels: 2, from: 44_100,
      to: 48_000)
    #expect(sample.values.map(\.bitPattern) == together.map(\.bitPattern))
    #expect(sample.buffer.storedChannels == 1)
  }
}
