import AudioBasics
import Testing

@testable import Mixer

@Suite struct CutStepsTests {
  private static func randomStereoPlan(taps: [MixTap], polyphony: Int) -> MixPlan {
    var generator = SplitMix64(seed: 25)
    let values = (0..<2_000).map { _ in Float(generator.nextUnit()) }
    let sample = Sample(values: values, channels: 2)
    return MixPlan(
      samples: [sample],
      voices: planVoices(taps, sampleFrameCounts: [sample.frameCount], polyphony: polyphony),
      channels: 2)
  }

  /// The largest |value| of any channel over `windowFrames` frames from `offset`, scanned.
  private static func scannedPeak(_ plan: MixPlan, offset: Int, windowFrames: Int) -> Float {
    var peak: Float = 0
    for frame in offset..<min(plan.samples[0].frameCount, offset + windowFrames) {
      for channel in 0..<2 {
        peak = max(peak, abs(plan.value(ofSample: 0, frame: frame, channel: channel)))
      }
    }
    return peak
  }

  @Test(arguments: [1, 7, 480])
  func everyFramesWindowPeakIsWhatAScanFinds(windowFrames: Int) {
    let plan = Self.randomStereoPlan(taps: [], polyphony: 1)
    let peaks = plan.windowPeaks(ofSample: 0, windowFrames: windowFrames)
    #expect(peaks.count == 1_000)
    #expect(
      peaks.indices.allSatisfy {
        peaks[$0] == Self.scannedPeak(plan, offset: $0, windowFrames: windowFrames)
      })
  }

  @Test func cutsAreCountedWithTheLargestStepAndTheFirstCut() {
    let taps = (0..<300).map { (index: Int) -> MixTap in
      MixTap(frame: Int64(index * 3 + index % 2), sampleIndex: 0, gain: -0.5)
    }
    let plan = Self.randomStereoPlan(taps: taps, polyphony: 1)
    let steps = plan.voices.compactMap { voice in
      voice.cutFrame.map {
        0.5 * Self.scannedPeak(plan, offset: Int($0 - voice.startFrame), windowFrames: 48)
      }
    }
    #expect(steps.count == 299)
    let threshold: Float = 0.2
    let found = abruptCuts(in: plan, above: threshold, windowFrames: 48)
    #expect(found?.count == steps.filter { $0 > threshold }.count)
    #expect(found?.largest == steps.max())
    #expect(found?.firstFrame == 4)
    #expect(abruptCuts(in: plan, above: steps.max() ?? 0, windowFrames: 48) == nil)
  }
}
