import AudioBasics
import Testing

@testable import Mixer

/// Blocks of shared 16-bit voices at gain 1 go from integer sums straight to 16-bit frames:
/// the frames, the peak and its frame, and the clip count must be those of converting the mix.
@Suite struct SixteenBitBlocksTests {
  /// Three mono 16-bit keys of loud values from a small set, so that sums clip, peaks repeat
  /// and reach both ends of the range.
  private let keys: [Sample] = {
    let loud: [Int16] = [32_767, -32_768, 16_384, -16_384, 12_345, -1, 0, 7, 30_001, -32_767]
    var generator = SplitMix64(seed: 7)
    return [1_000, 777, 1_301].map { length in
      Sample(
        storage: .int16(
          (0..<length).map { _ in loud[Int(generator.next() % UInt64(loud.count))] }),
        channels: 1)
    }
  }()

  /// Taps at uneven frames (none a multiple of 32 apart), every fifth with the one before.
  private func taps(count: Int, gain: (Int) -> Float = { _ in 1 }) -> [MixTap] {
    (0..<count).map { index in
      let step = index % 5 == 4 ? index - 1 : index
      return MixTap(
        frame: Int64(step * 53 + step % 3), sampleIndex: index % 3, gain: gain(index))
    }
  }

  /// The mix by definition, interleaved: each value starts at 0 and adds each voice's value
  /// (v / 32768) in render order.
  private func referenceMix(_ voices: [Voice], channels: Int, frames: Int) -> [Float] {
    var output = [Float](repeating: 0, count: frames * channels)
    for voice in voices {
      let values = keys[voice.sampleIndex].values
      for frame in Int(voice.startFrame)..<min(frames, Int(voice.endFrame)) {
        for channel in 0..<channels {
          output[frame * channels + channel] +=
            values[frame - Int(voice.startFrame)] * voice.gain
        }
      }
    }
    return output
  }

  @Test(arguments: [1, 2], [5, 64, 100, 4_096])
  func sharedSixteenBitBlocksHaveTheConvertedMixItsPeakAndItsClips(
    channels: Int, blockFrames: Int
  ) {
    let mapped = keys.map { $0.mapped(toChannels: channels) }
    let planned = planVoices(taps(count: 60), sampleFrameCounts: keys.map(\.frameCount))
    let plan = MixPlan(samples: mapped, voices: planned, channels: channels)
    let expected = referenceMix(planned, channels: channels, frames: 4_000)
    for range: Range<Int64> in [0..<4_000, 3..<2_003, 1_999..<4_000] {
      var rendered = RenderedChunk()
      renderChunk(
        plan, range: range, finishing: Finishing(totalFrames: 4_000), encoding: .int16,
        dither: nil, blockFrames: blockFrames, into: &rendered)
      let values = Array(
        expected[(Int(range.lowerBound) * channels)..<(Int(range.upperBound) * channels)])
      var quantizer = Quantizer(width: .bits16, dither: nil)
      var converted = [Int16](repeating: 0, count: values.count)
      values.withUnsafeBufferPointer { input in
        converted.withUnsafeMutableBufferPointer {
          quantizer.quantize(input, firstIndex: 0, into: $0)
        }
      }
      var peak = PeakMeter()
      _ = values.withUnsafeBufferPointer {
        peak.measure($0, channels: channels, at: range.lowerBound)
      }
      #expect(quantizer.clippedCount > 0)
      #expect(rendered.int16 == converted)
      #expect(rendered.clippedCount == quantizer.clippedCount)
      #expect(rendered.peak == peak)
    }
  }

  @Test(arguments: [1, 2])
  func blocksOfSharedSixteenBitVoicesAtGainOneAreSummedAsWholeNumbers(channels: Int) {
    let mapped = keys.map { $0.mapped(toChannels: channels) }
    let planned = planVoices(taps(count: 20), sampleFrameCounts: keys.map(\.frameCount))
    var renderer = MixRenderer(samples: mapped, voices: planned, channels: channels)
    var frames = [Int16](repeating: 0, count: 256 * channels)
    var peak = PeakMeter()
    let clipped = frames.withUnsafeMutableBufferPointer {
      renderer.renderSixteenBit(into: $0, peak: &peak)
    }
    #expect(clipped != nil)
    #expect(renderer.position == 256)
  }

  /// A block the integer sums cannot give is only begun, and `render(into:)` then gives it as
  /// a renderer that never tried would.
  @Test(arguments: ["gain", "float", "stereo", "many"])
  func otherBlocksAreLeftToTheFloatSums(kind: String) {
    var samples = keys.map { $0.mapped(toChannels: 2) }
    var gain: (Int) -> Float = { _ in 1 }
    var count = 20
    switch kind {
    case "gain": gain = { $0 == 1 ? 0.5 : 1 }
    case "float": samples[1] = Sample(values: keys[1].values.flatMap { [$0, $0] }, channels: 2)
    case "stereo":
      samples[1] = Sample(
        storage: .int16(keys[1].values.flatMap { [Int16($0 * 32_768), 3] }), channels: 2)
    default: count = 40  // voices one frame apart: 40 at once, more than a pass takes
    }
    let planned = planVoices(
      kind == "many"
        ? (0..<count).map { MixTap(frame: Int64($0), sampleIndex: $0 % 3, gain: 1) }
        : taps(count: count, gain: gain),
      sampleFrameCounts: samples.map(\.frameCount))
    var tried = MixRenderer(samples: samples, voices: planned, channels: 2)
    var untried = tried
    var frames = [Int16](repeating: 0, count: 512)
    var peak = PeakMeter()
    let clipped = frames.withUnsafeMutableBufferPointer {
      tried.renderSixteenBit(into: $0, peak: &peak)
    }
    #expect(clipped == nil)
    #expect(tried.position == 0)
    var afterTrying = [Float](repeating: 0, count: 512)
    var plain = [Float](repeating: 0, count: 512)
    afterTrying.withUnsafeMutableBufferPointer { tried.render(into: $0) }
    plain.withUnsafeMutableBufferPointer { untried.render(into: $0) }
    #expect(afterTrying.map(\.bitPattern) == plain.map(\.bitPattern))
  }
}
