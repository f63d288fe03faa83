/// The voices a polyphony limit stops at once, without a fade, while they are still loud: each
/// leaves a step in the output as large as the value it had.
public struct CutSteps: Equatable, Sendable {
  /// Voices stopped with a step above the threshold.
  public var count: Int
  /// The largest such step (linear, before the output's gain).
  public var largest: Float
  /// Where the first of them is stopped.
  public var firstFrame: Int64
}

/// The steps of voices in `plan` cut without a fade by more than `threshold` (linear); `nil`
/// when there are none. A step is the voice's amplitude where it stops: its largest value over
/// the `windowFrames` from there (a cut at a zero crossing of a loud tone still clicks).
public func abruptCuts(in plan: MixPlan, above threshold: Float, windowFrames: Int) -> CutSteps? {
  var steps: CutSteps?
  for voice in plan.voices {
    guard let cut = voice.cutFrame, voice.fadeFrames == 0 else { continue }
    let sample = plan.samples[voice.sampleIndex]
    let offset = Int(cut - voice.startFrame)
    guard offset >= 0, offset < sample.frameCount else { continue }
    var step: Float = 0
    let end = min(sample.frameCount, offset + max(1, windowFrames))
    for frame in offset..<end {
      for channel in 0..<sample.channels {
        step = max(
          step, abs(plan.value(ofSample: voice.sampleIndex, frame: frame, channel: channel)))
      }
    }
    step *= abs(voice.gain)
    guard step > threshold else { continue }
    if var found = steps {
      found.count += 1
      found.largest = max(found.largest, step)
      steps = found
    } else {
      steps = CutSteps(count: 1, largest: step, firstFrame: cut)
    }
  }
  return steps
}
