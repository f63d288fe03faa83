import AudioBasics
import Mixer
import Testing

/// Where a mix has decayed for good, bounded from its voices without mixing.
@Suite struct DecayBoundTests {
  /// -90 dBFS, the threshold `--tail auto` uses.
  private let threshold = Decibels.linear(-90)

  /// 128 frames at 0.5, 128 at 1e-3 (-60 dBFS), 128 at 1e-5 (-100 dBFS), 128 of zeros.
  private let staircase = Sample(
    values: [Float](repeating: 0.5, count: 128) + [Float](repeating: 1e-3, count: 128)
      + [Float](repeating: 1e-5, count: 128) + [Float](repeating: 0, count: 128),
    channels: 1)

  private func plan(_ taps: [MixTap], polyphony: Int? = nil) -> MixPlan {
    let samples = [staircase]
    return MixPlan(
      samples: samples,
      voices: planVoices(
        taps, sampleFrameCounts: samples.map(\.frameCount), polyphony: polyphony),
      channels: 1)
  }

  @Test(arguments: [(1.0, Int64(1_256)), (10, 1_384), (1e-3, 1_128), (1e-9, 0)])
  func aVoiceEndsWhereItsSampleTimesTheGainFallsBelowTheThreshold(gain: Double, end: Int64) {
    let bound = DecayBound(plan: plan([MixTap(frame: 1_000, sampleIndex: 0, gain: 1)]))
    #expect(bound.end(gain: gain, threshold: threshold) == end)
  }

  @Test(arguments: [(3, Int64(1_256)), (4, 1_384)])
  func voicesEachUnderTheThresholdCountTogether(voices: Int, end: Int64) {
    // Each voice's -100 dBFS step is under -90 dBFS; three together still are (-90.5 dBFS),
    // four are not (-88 dBFS), so their step counts until it ends.
    let taps = (0..<voices).map { _ in MixTap(frame: 1_000, sampleIndex: 0, gain: 1) }
    #expect(DecayBound(plan: plan(taps)).end(gain: 1, threshold: threshold) == end)
  }

  @Test func aSilentLastTapDoesNotLengthenTheOutput() {
    let bound = DecayBound(
      plan: plan([
        MixTap(frame: 0, sampleIndex: 0, gain: 1), MixTap(frame: 5_000, sampleIndex: 0, gain: 0),
      ]))
    #expect(bound.end(gain: 1, threshold: threshold) == 256)
  }

  @Test func aVoiceStoppedByTheLimitEndsWhereItStops() {
    let bound = DecayBound(
      plan: plan(
        [
          MixTap(frame: 0, sampleIndex: 0, gain: 1), MixTap(frame: 100, sampleIndex: 0, gain: 1e-6),
        ],
        polyphony: 1))
    #expect(bound.end(gain: 1, threshold: threshold) == 100)
  }

  @Test func theMixStaysUnderTheThresholdFromTheEndOn() {
    // Voices that partly cancel: the bound is at or after where the real mix falls for good.
    let taps = [
      MixTap(frame: 0, sampleIndex: 0, gain: 1), MixTap(frame: 37, sampleIndex: 0, gain: -0.7),
      MixTap(frame: 300, sampleIndex: 0, gain: 0.02),
    ]
    let plan = self.plan(taps)
    let end = DecayBound(plan: plan).end(gain: 1, threshold: threshold)
    let values = mix(plan.voices, samples: plan.samples, frames: 1_000)
    let lastLoud = values.lastIndex { Double(abs($0)) >= threshold } ?? -1
    #expect(end > Int64(lastLoud))
    #expect(end - Int64(lastLoud) <= Int64(DecayBound.blockFrames) * 3)
  }

  @Test func theLoudestFrameIsWhereTheLoudestVoicePeaks() {
    let bound = DecayBound(
      plan: plan([
        MixTap(frame: 10, sampleIndex: 0, gain: 0.5), MixTap(frame: 700, sampleIndex: 0, gain: 2),
      ]))
    #expect(bound.loudestFrame == 700)
    #expect(DecayBound(plan: plan([])).loudestFrame == nil)
  }
}

/// The envelope computed eight values at a time, against the frames walked one by one from the
/// end, for awkward values: NaNs, signed zeros, the 16-bit extremes, ties, partial blocks.
@Suite struct SampleEnvelopeTests {
  /// Each block's largest magnitude from it on and the first frame of the peak, by definition.
  private func walked(_ sample: Sample) -> ([Float], Int) {
    let frames = sample.buffer.soundingFrameCount
    let values = sample.values
    let channels = sample.channels
    let blocks = (frames + DecayBound.blockFrames - 1) / DecayBound.blockFrames
    var envelope = [Float](repeating: 0, count: blocks + 1)
    var (largest, peakFrame): (Float, Int) = (0, 0)
    for frame in (0..<frames).reversed() {
      for channel in 0..<channels {
        let value = abs(values[frame * channels + channel])
        if value >= largest, value > 0 { (largest, peakFrame) = (value, frame) }
      }
      if frame % DecayBound.blockFrames == 0 { envelope[frame / DecayBound.blockFrames] = largest }
    }
    return (envelope, peakFrame)
  }

  @Test(arguments: [1, 2])
  func theEnvelopeIsTheOneWalkedFrameByFrame(channels: Int) {
    var generator = SplitMix64(seed: 7)
    let special: [Float] = [.nan, -0.0, 0, 0.75, -0.75, 1e-30]
    let floats = (0..<(1_003 * channels)).map { _ -> Float in
      let roll = generator.next() % 40
      return roll < 6 ? special[Int(roll)] : Float(Int(generator.next() % 2_001) - 1_000) / 1_400
    }
    let ints = (0..<(777 * channels)).map { index -> Int16 in
      index == 300 ? .min : index == 500 ? .max : Int16(truncatingIfNeeded: generator.next())
    }
    let samples = [
      Sample(values: floats, channels: channels),
      Sample(storage: .int16(ints), channels: channels),
      Sample(
        values: floats.map { $0.isNaN ? 0 : $0 } + [Float](repeating: 0.75, count: channels)
          + [Float](repeating: 0, count: channels), channels: channels),
      Sample(values: [Float](repeating: 0, count: 10 * channels), channels: channels),
      Sample(
        values: [.nan, -0.0] + [Float](repeating: 0, count: 2 * channels), channels: channels),
    ]
    let plan = MixPlan(samples: samples, voices: [], channels: channels)
    for index in samples.indices {
      let (envelope, peakFrame) = DecayBound.envelope(plan, sample: index)
      let (expected, expectedFrame) = walked(samples[index])
      #expect(envelope == expected && peakFrame == expectedFrame, "sample \(index)")
    }
  }
}
