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
  // Each cut sample's window peaks, found once: ten million voices cut on one sample cost a
  // look-up each instead of a window's scan each.
  var windowPeaks: [Int: [Float]] = [:]
  for voice in plan.voices {
    guard let cut = voice.cutFrame, voice.fadeFrames == 0 else { continue }
    let offset = Int(cut - voice.startFrame)
    guard offset >= 0, offset < plan.samples[voice.sampleIndex].frameCount else { continue }
    if windowPeaks[voice.sampleIndex] == nil {
      windowPeaks[voice.sampleIndex] = plan.windowPeaks(
        ofSample: voice.sampleIndex, windowFrames: max(1, windowFrames))
    }
    let step = (windowPeaks[voice.sampleIndex]?[offset] ?? 0) * abs(voice.gain)
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

extension MixPlan {
  /// For each frame of sample `index`, the largest |value| of any channel over the
  /// `windowFrames` frames from it (fewer at the end).
  func windowPeaks(ofSample index: Int, windowFrames: Int) -> [Float] {
    let sample = samples[index]
    let framePeaks = (0..<sample.frameCount).map { frame in
      (0..<sample.channels).reduce(Float(0)) { peak, channel in
        max(peak, abs(value(ofSample: index, frame: frame, channel: channel)))
      }
    }
    // The window's maximum walking backwards, keeping the frames that can still be a window's
    // peak: each frame enters and leaves the queue once.
    var peaks = [Float](repeating: 0, count: framePeaks.count)
    var queue: [Int] = []
    var head = 0
    for frame in framePeaks.indices.reversed() {
      while queue.count > head, framePeaks[queue[queue.count - 1]] <= framePeaks[frame] {
        queue.removeLast()
      }
      queue.append(frame)
      if queue[head] >= frame + windowFrames { head += 1 }
      peaks[frame] = framePeaks[queue[head]]
    }
    return peaks
  }
}
