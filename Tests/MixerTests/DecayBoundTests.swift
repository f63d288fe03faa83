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
