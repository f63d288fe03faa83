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
