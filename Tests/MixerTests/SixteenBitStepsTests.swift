import AudioBasics
import Mixer
import Testing

/// Blocks whose voices all have gain 1 are summed in steps of 2^-15 (16-bit values added
/// without a multiply) and scaled back: the bits must be those of the mix by definition.
@Suite struct SixteenBitStepsTests {
  /// Samples stored every way the mixer reads: 16-bit mono, 16-bit stereo with equal and with
  /// different channels, float mono and stereo holding values whose sums round, subnormals,
  /// and values near the 16-bit range's ends.
  private let samples: [Sample] = {
    var generator = SplitMix64(seed: 11)
    func int16(_ count: Int) -> [Int16] {
      (0..<count).map { _ in Int16(truncatingIfNeeded: generator.next()) }
    }
    let mono = int16(900)
    let left = int16(700)
    let right = int16(700)
    let awkward: [Float] = [
      0.1, 1.0 / 3, -0x1p-140, 0x1p-149, 1e-30, -0.999_97, 0.999_99, 3.25e-5, -7e-8, 100.5,
    ]
    let floats = (0..<800).map { index in
      index % 3 == 0 ? awkward[index % awkward.count] : Float(generator.nextUnit())
    }
    return [
      Sample(storage: .int16(mono), channels: 1),
      Sample(storage: .int16(mono.flatMap { [$0, $0] }), channels: 2),
      Sample(storage: .int16(zip(left, right).flatMap { [$0, $1] }), channels: 2),
      Sample(values: floats, channels: 1),
      Sample(
        values: floats.enumerated().map { $0.offset % 2 == 0 ? $0.element : -$0.element / 3 },
        channels: 2),
    ]
  }()

  /// Taps every 37 frames through the samples in turn, all at gain 1 or, where `otherGain` is
  /// given, every fourth at it (which meets every sample in turn).
  private func taps(count: Int, otherGain: Float? = nil, samples: Int) -> [MixTap] {
    (0..<count).map { index in
      let gain = otherGain.map { index % 4 == 1 ? $0 : 1 } ?? 1
      return MixTap(frame: Int64(index * 37), sampleIndex: index * 7 % samples, gain: gain)
    }
  }

  private func bits(_ values: [Float]) -> [UInt32] { values.map(\.bitPattern) }

  @Test(arguments: [1, 2], [7, 64, 4_096])
  func gainOneBlocksHaveTheBitsOfTheMixByDefinition(channels: Int, blockFrames: Int) {
    let planned = voices(taps(count: 80, samples: samples.count), samples: samples)
    let mapped = samples.map { $0.mapped(toChannels: channels) }
    let expected = mixByDefinition(planned, samples: samples, channels: channels, frames: 4_000)
    let rendered = mix(
      planned, samples: mapped, channels: channels, frames: 4_000, blockFrames: blockFrames)
    #expect(bits(rendered) == bits(expected))
  }

  @Test(arguments: [1, 2])
  func blocksMixingGainsHaveTheBitsOfTheMixByDefinition(channels: Int) {
    let planned = voices(
      taps(count: 80, otherGain: 0.7, samples: samples.count), samples: samples)
    let mapped = samples.map { $0.mapped(toChannels: channels) }
    let expected = mixByDefinition(planned, samples: samples, channels: channels, frames: 4_000)
    let rendered = mix(planned, samples: mapped, channels: channels, frames: 4_000, blockFrames: 64)
    #expect(bits(rendered) == bits(expected))
  }

  @Test(arguments: [1, 2], [5, 64, 4_096])
  func manySixteenBitVoicesAtOnceHaveTheBitsOfTheMixByDefinition(
    channels: Int, blockFrames: Int
  ) {
    // Loud values, 48 voices at once: more than a pass takes, sums far past 16 bits.
    let loud = [Int16(32_767), -32_768, 32_000, -1, 12_345, -32_767, 7, 30_001]
    let keys = (0..<3).map { key in
      Sample(
        storage: .int16((0..<3_000).map { loud[($0 * (key + 3)) % loud.count] }), channels: 1)
    }
    let taps = (0..<150).map {
      MixTap(frame: Int64($0 * 61), sampleIndex: $0 % keys.count, gain: 1)
    }
    let planned = voices(taps, samples: keys)
    let mapped = keys.map { $0.mapped(toChannels: channels) }
    let expected = mixByDefinition(planned, samples: keys, channels: channels, frames: 12_000)
    let rendered = mix(
      planned, samples: mapped, channels: channels, frames: 12_000, blockFrames: blockFrames)
    #expect(bits(rendered) == bits(expected))
  }

  @Test func aSampleTooLargeForStepsIsSummedAsStored() {
    // 3e34 is finite, but 2^15 times it is not: summed in steps it would become infinity.
    let large = Sample(values: [3e34, -3e34, 1, 3e34], channels: 1)
    let small = Sample(storage: .int16([1_000, -2, 3, 4]), channels: 1)
    let both = [large, small]
    let planned = voices(
      [
        MixTap(frame: 0, sampleIndex: 0, gain: 1), MixTap(frame: 1, sampleIndex: 1, gain: 1),
        MixTap(frame: 2, sampleIndex: 0, gain: 1),
      ], samples: both)
    let expected = mixByDefinition(planned, samples: both, channels: 1, frames: 8)
    #expect(expected.allSatisfy { $0.isFinite })
    #expect(bits(mix(planned, samples: both, frames: 8)) == bits(expected))
  }

  @Test func sixteenBitStereoChunksConvertAndMeasureAsTheirValues() {
    let stereo = samples.map { $0.mapped(toChannels: 2) }
    let planned = voices(taps(count: 80, samples: stereo.count), samples: stereo)
    let plan = MixPlan(samples: stereo, voices: planned, channels: 2)
    let range: Range<Int64> = 0..<4_000
    var rendered = RenderedChunk()
    renderChunk(
      plan, range: range, finishing: Finishing(totalFrames: range.upperBound), encoding: .int16,
      dither: nil, blockFrames: 256, into: &rendered)
    let expected = convertedToSixteenBit(
      mixByDefinition(planned, samples: stereo, channels: 2, frames: 4_000), channels: 2, at: 0)
    #expect(rendered.int16 == expected.frames)
    #expect(rendered.clippedCount == expected.clipped)
    #expect(rendered.peak == expected.peak)
  }
}
