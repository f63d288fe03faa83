import AudioBasics

/// Turns decoded samples into mixer samples at one rate and channel count.
///
/// Samples at another rate are resampled with libsoxr (`ResampledPlanes`); mono feeds both
/// channels of a stereo output alike, stereo feeds a mono output as (L+R)/2.
public func prepare(_ sample: DecodedSample, rate: Int, channels: Int) throws(BankError) -> Sample {
  guard needsResampling(sample, to: rate) else {
    return sample.content.mapped(toChannels: channels)
  }
  let planes = ResampledPlanes(sample, rate: rate)
  for plane in 0..<planes.count { planes.resample(plane) }
  return try planes.sample(channels: channels)
}

/// Whether `sample` plays at another rate than `rate`: recorded at another, or pitched.
public func needsResampling(_ sample: DecodedSample, to rate: Int) -> Bool {
  sample.sampleRate != rate || sample.pitchRatio != 1
}
