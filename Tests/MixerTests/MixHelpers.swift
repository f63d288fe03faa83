import AudioBasics
import Mixer

/// Renders `voices` over `samples` in blocks of `blockFrames`, returning every output value.
func mix(
  _ voices: [Voice], samples: [Sample], channels: Int = 1, frames: Int, blockFrames: Int = 4096,
  startFrame: Int64 = 0
) -> [Float] {
  var renderer = MixRenderer(
    samples: samples, voices: voices, channels: channels, startFrame: startFrame)
  var output: [Float] = []
  var block = [Float](repeating: .nan, count: blockFrames * channels)
  var done = 0
  while done < frames {
    let count = min(blockFrames, frames - done)
    block.withUnsafeMutableBufferPointer { whole in
      renderer.render(into: UnsafeMutableBufferPointer(rebasing: whole[..<(count * channels)]))
    }
    output += block[..<(count * channels)]
    done += count
  }
  return output
}

/// Voices for taps of the given samples, without a polyphony limit.
func voices(_ taps: [MixTap], samples: [Sample]) -> [Voice] {
  planVoices(taps, sampleFrameCounts: samples.map(\.frameCount))
}

/// A mono impulse: `1` then zeros, `length` frames long.
func impulse(length: Int, value: Float = 1) -> Sample {
  Sample(values: [value] + [Float](repeating: 0, count: length - 1), channels: 1)
}

/// The mix by definition, as interleaved values: each starts at 0 and adds, voice by voice in
/// render order, the sample's value (v / 32768 for 16-bit values) times the gain.
func mixByDefinition(
  _ voices: [Voice], samples: [Sample], channels: Int, frames: Int
) -> [Float] {
  var output = [Float](repeating: 0, count: frames * channels)
  for voice in voices {
    let values = samples[voice.sampleIndex].mapped(toChannels: channels).values
    for frame in Int(voice.startFrame)..<min(frames, Int(voice.endFrame)) {
      for channel in 0..<channels {
        let value = values[(frame - Int(voice.startFrame)) * channels + channel]
        output[frame * channels + channel] += value * voice.gain
      }
    }
  }
  return output
}

/// Interleaved `values`, the first at frame `position`, as a plain 16-bit conversion gives
/// them, with the values it clipped and their peak.
func convertedToSixteenBit(
  _ values: [Float], channels: Int, at position: Int64
) -> (frames: [Int16], clipped: Int64, peak: PeakMeter) {
  var quantizer = Quantizer(width: .bits16, dither: nil)
  var converted = [Int16](repeating: 0, count: values.count)
  values.withUnsafeBufferPointer { input in
    converted.withUnsafeMutableBufferPointer {
      quantizer.quantize(input, firstIndex: 0, into: $0)
    }
  }
  var peak = PeakMeter()
  _ = values.withUnsafeBufferPointer { peak.measure($0, channels: channels, at: position) }
  return (converted, quantizer.clippedCount, peak)
}
