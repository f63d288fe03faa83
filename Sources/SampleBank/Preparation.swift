import AudioBasics
import Resampling

/// Turns decoded samples into mixer samples at one rate and channel count.
///
/// Samples at another rate are resampled with libsoxr; mono feeds both channels of a stereo
/// output alike, stereo feeds a mono output as (L+R)/2.
public func prepare(_ sample: DecodedSample, rate: Int, channels: Int) throws(BankError) -> Sample {
  var storage = sample.storage
  if sample.sampleRate != rate {
    do {
      storage = .float(
        try resample(sample.values, channels: sample.channels, from: sample.sampleRate, to: rate))
    } catch {
      throw BankError(path: sample.source, reason: "it cannot be resampled: \(error.reason)")
    }
  }
  return Sample(storage: storage, channels: sample.channels).mapped(toChannels: channels)
}
