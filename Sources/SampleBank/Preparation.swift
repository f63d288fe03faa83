import AudioBasics
import Resampling

/// Turns decoded samples into mixer samples at one rate and channel count.
///
/// Samples at another rate are resampled with libsoxr; mono feeds both channels of a stereo
/// output alike, stereo feeds a mono output as (L+R)/2.
public func prepare(_ sample: DecodedSample, rate: Int, channels: Int) throws(BankError) -> Sample {
  guard sample.sampleRate != rate || sample.pitchRatio != 1 else {
    return Sample(storage: sample.storage, channels: sample.channels).mapped(toChannels: channels)
  }
  var resampled: [[Float]] = []
  for channel in 0..<sample.channels {
    resampled.append(try resampledChannel(channel, of: sample, to: rate))
  }
  return prepared(resampled, of: sample, channels: channels)
}

/// Channel `channel` of `sample`, resampled to `rate`: the slow part of `prepare`, which a
/// caller may run for each channel on a thread of its own. libsoxr filters each channel on
/// its own, so this gives the values resampling them together would (checked bit for bit).
public func resampledChannel(
  _ channel: Int, of sample: DecodedSample, to rate: Int
) throws(BankError) -> [Float] {
  precondition(channel >= 0 && channel < sample.channels, "a channel of the sample")
  let values = sample.storage.floats(ofChannel: channel, channels: sample.channels)
  do {
    return sample.pitchRatio == 1
      ? try resample(values, channels: 1, from: sample.sampleRate, to: rate)
      : try resample(
        values, channels: 1, from: Double(sample.sampleRate) * sample.pitchRatio, to: rate)
  } catch {
    throw BankError(path: sample.source, reason: "it cannot be resampled: \(error.reason)")
  }
}

/// `sample` from its channels resampled by `resampledChannel` (in channel order), converted
/// to `channels` as `prepare` converts it.
public func prepared(_ resampled: [[Float]], of sample: DecodedSample, channels: Int) -> Sample {
  precondition(resampled.count == sample.channels, "every channel resampled")
  if resampled.count == channels {  // nothing to map: stored from the planes as they are
    return Sample(planes: resampled)
  }
  let frameCount = resampled.map(\.count).min() ?? 0
  let channelCount = resampled.count
  let interleaved = [Float](unsafeUninitializedCapacity: frameCount * channelCount) {
    out, initialized in
    for (channel, values) in resampled.enumerated() {
      values.withUnsafeBufferPointer { plane in
        for frame in 0..<frameCount {
          out.initializeElement(at: frame * channelCount + channel, to: plane[frame])
        }
      }
    }
    initialized = frameCount * channelCount
  }
  return Sample(storage: .float(interleaved), channels: sample.channels)
    .mapped(toChannels: channels)
}
