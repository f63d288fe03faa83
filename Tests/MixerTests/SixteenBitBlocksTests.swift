import AudioBasics
import Testing

@testable import Mixer

/// Blocks summed in steps of 2^-15 go straight to 16-bit frames (shared 16-bit voices as
/// integers, in stereo the others added in registers): the frames, the peak and its frame,
/// and the clip count must be those of converting the mix.
@Suite struct SixteenBitBlocksTests {
  /// Three mono 16-bit keys of loud values from a small set, so that sums clip, peaks repeat
  /// and reach both ends of the range.
  private static let keys: [Sample] = {
    let loud: [Int16] = [32_767, -32_768, 16_384, -16_384, 12_345, -1, 0, 7, 30_001, -32_767]
    var generator = SplitMix64(seed: 7)
    return [1_000, 777, 1_301].map { length in
      Sample(
        storage: .int16(
          (0..<length).map { _ in loud[Int(generator.next() % UInt64(loud.count))] }),
        channels: 1)
    }
  }()

  /// The keys, and stereo samples stored every other way the mixer reads: 16-bit with
  /// different channels, floats with equal and with different channels, holding values whose
  /// sums round, subnormals and values past full scale.
  private static let mixedKeys: [Sample] = {
    var generator = SplitMix64(seed: 8)
    let awkward: [Float] = [0.1, 1.0 / 3, -0x1p-140, 0x1p-149, -0.999_97, 0.999_99, 3.25e-5, 1.5]
    let floats = (0..<900).map { index in
      index % 3 == 0 ? awkward[index % awkward.count] : Float(generator.nextUnit()) * 2 - 1
    }
    let left = (0..<800).map { _ in Int16(truncatingIfNeeded: generator.next()) }
    return keys.map { $0.mapped(toChannels: 2) } + [
      Sample(storage: .int16(left.flatMap { [$0, $0 / 3] }), channels: 2),
      Sample(values: floats.flatMap { [$0, $0] }, channels: 2),
      Sample(values: floats.flatMap { [$0, -$0 / 3] }, channels: 2),
    ]
  }()

  /// Taps at uneven frames (none a multiple of 32 apart), every fifth with the one before,
  /// through `samples` samples in turn.
  private func taps(count: Int, samples: Int = 3, gain: (Int) -> Float = { _ in 1 }) -> [MixTap] {
    (0..<count).map { index in
      let step = index % 5 == 4 ? index - 1 : index
      return MixTap(
        frame: Int64(step * 53 + step % 3), sampleIndex: index % samples, gain: gain(index))
    }
  }

  /// Renders `range` of the plan in blocks of `blockFrames` and expects the frames, peak and
  /// clip count of converting the mix by definition.
  private func expectConvertedMix(
    _ planned: [Voice], samples: [Sample], channels: Int, blockFrames: Int,
    range: Range<Int64>
  ) {
    let plan = MixPlan(samples: samples, voices: planned, channels: channels)
    var rendered = RenderedChunk()
    renderChunk(
      plan, range: range, finishing: Finishing(totalFrames: 4_000), encoding: .int16,
      dither: nil, blockFrames: blockFrames, into: &rendered)
    let values = Array(
      mixByDefinition(planned, samples: samples, channels: channels, frames: 4_000)[
        (Int(range.lowerBound) * channels)..<(Int(range.upperBound) * channels)])
    let expected = convertedToSixteenBit(values, channels: channels, at: range.lowerBound)
    #expect(expected.clipped > 0)
    #expect(rendered.int16 == expected.frames)
    #expect(rendered.clippedCount == expected.clipped)
    #expect(rendered.peak == expected.peak)
  }

  @Test(arguments: [1, 2], [5, 64, 100, 4_096])
  func sharedSixteenBitBlocksHaveTheConvertedMixItsPeakAndItsClips(
    channels: Int, blockFrames: Int
  ) {
    let keys = Self.keys
    let mapped = keys.map { $0.mapped(toChannels: channels) }
    let planned = planVoices(taps(count: 60), sampleFrameCounts: keys.map(\.frameCount))
    for range: Range<Int64> in [0..<4_000, 3..<2_003, 1_999..<4_000] {
      expectConvertedMix(
        planned, samples: mapped, channels: channels, blockFrames: blockFrames, range: range)
    }
  }

  @Test(arguments: [5, 64, 100, 4_096])
  func stereoBlocksOfEveryStorageHaveTheConvertedMixItsPeakAndItsClips(blockFrames: Int) {
    let keys = Self.mixedKeys
    let planned = planVoices(
      taps(count: 60, samples: keys.count), sampleFrameCounts: keys.map(\.frameCount))
    for range: Range<Int64> in [0..<4_000, 3..<2_003, 1_999..<4_000] {
      expectConvertedMix(
        planned, samples: keys, channels: 2, blockFrames: blockFrames, range: range)
    }
  }

  @Test(arguments: zip([1, 2, 2], [false, false, true]))
  func blocksSummedInStepsGoStraightToFrames(channels: Int, mixed: Bool) {
    let keys = mixed ? Self.mixedKeys : Self.keys.map { $0.mapped(toChannels: channels) }
    let planned = planVoices(
      taps(count: 20, samples: keys.count), sampleFrameCounts: keys.map(\.frameCount))
    var renderer = MixRenderer(samples: keys, voices: planned, channels: channels)
    var frames = [Int16](repeating: 0, count: 256 * channels)
    var peak = PeakMeter()
    let clipped = frames.withUnsafeMutableBufferPointer {
      renderer.renderSixteenBit(into: $0, peak: &peak)
    }
    #expect(clipped != nil)
    #expect(renderer.position == 256)
  }

  @Test(arguments: [1, 2])
  func blocksWithoutVoicesAreZerosThatLeaveThePeak(channels: Int) {
    let keys = Self.mixedKeys.map { $0.mapped(toChannels: channels) }
    let planned = planVoices(
      [MixTap(frame: 1_000, sampleIndex: 4, gain: 0.5)], sampleFrameCounts: keys.map(\.frameCount))
    var renderer = MixRenderer(samples: keys, voices: planned, channels: channels)
    var frames = [Int16](repeating: 123, count: 256 * channels)
    var peak = PeakMeter()
    let clipped = frames.withUnsafeMutableBufferPointer {
      renderer.renderSixteenBit(into: $0, peak: &peak)
    }
    #expect(clipped == 0)
    #expect(frames.allSatisfy { $0 == 0 })
    #expect(peak == PeakMeter())
    #expect(renderer.position == 256)
  }

  /// A block the straight path cannot give is only begun, and `render(into:)` then gives it as
  /// a renderer that never tried would.
  @Test(arguments: ["gain", "many", "mono float"])
  func otherBlocksAreLeftToTheFloatSums(kind: String) {
    var samples = Self.mixedKeys
    var channels = 2
    var taps = taps(count: 20, samples: samples.count)
    switch kind {
    case "gain":
      taps = self.taps(count: 20, samples: samples.count) { $0 == 1 ? 0.5 : 1 }
    case "many":  // voices one frame apart: 70 at once, more than two passes take
      taps = (0..<70).map { MixTap(frame: Int64($0), sampleIndex: $0 % 4, gain: 1) }
    default:
      channels = 1
      samples = samples.map { $0.mapped(toChannels: 1) }
    }
    let planned = planVoices(taps, sampleFrameCounts: samples.map(\.frameCount))
    var tried = MixRenderer(samples: samples, voices: planned, channels: channels)
    var untried = tried
    var frames = [Int16](repeating: 0, count: 256 * channels)
    var peak = PeakMeter()
    let clipped = frames.withUnsafeMutableBufferPointer {
      tried.renderSixteenBit(into: $0, peak: &peak)
    }
    #expect(clipped == nil)
    #expect(tried.position == 0)
    var afterTrying = [Float](repeating: 0, count: 256 * channels)
    var plain = [Float](repeating: 0, count: 256 * channels)
    afterTrying.withUnsafeMutableBufferPointer { tried.render(into: $0) }
    plain.withUnsafeMutableBufferPointer { untried.render(into: $0) }
    #expect(afterTrying.map(\.bitPattern) == plain.map(\.bitPattern))
  }
}
