/// Mixes voices into consecutive blocks of output frames, holding only the voices that sound.
///
/// Each output value is the sum of its voices' contributions added in voice order (frame, then
/// score order), starting from zero, so the result is the same for every block size and for
/// renders started at any frame.
public struct MixRenderer: Sendable {
  public let samples: [Sample]
  public let voices: [Voice]
  public let channels: Int
  /// The first frame of the next block.
  public private(set) var position: Int64
  private var nextVoice = 0
  /// Voices that may sound in the next block, in voice order.
  private var active: [Int] = []

  /// A renderer whose first block starts at `startFrame`; `voices` must be in render order and
  /// every sample must have `channels` channels.
  public init(samples: [Sample], voices: [Voice], channels: Int, startFrame: Int64 = 0) {
    self.samples = samples
    self.voices = voices
    self.channels = channels
    position = startFrame
    while nextVoice < voices.count && voices[nextVoice].startFrame < startFrame {
      if voices[nextVoice].endFrame > startFrame { active.append(nextVoice) }
      nextVoice += 1
    }
  }

  /// Fills `output` with the next `output.count / channels` frames and moves on past them.
  public mutating func render(into output: UnsafeMutableBufferPointer<Float>) {
    let frameCount = output.count / channels
    guard frameCount > 0, let outBase = output.baseAddress else { return }
    output.update(repeating: 0)
    let blockStart = position
    let blockEnd = position + Int64(frameCount)
    while nextVoice < voices.count && voices[nextVoice].startFrame < blockEnd {
      active.append(nextVoice)
      nextVoice += 1
    }
    for index in active {
      let voice = voices[index]
      let first = max(blockStart, voice.startFrame)
      let last = min(blockEnd, voice.endFrame)
      guard first < last else { continue }
      samples[voice.sampleIndex].values.withUnsafeBufferPointer { values in
        guard let sampleBase = values.baseAddress else { return }
        let out = outBase + Int(first - blockStart) * channels
        let source = sampleBase + Int(first - voice.startFrame) * channels
        let plainEnd = min(last, voice.cutFrame ?? last)
        let plainCount = max(0, Int(plainEnd - first)) * channels
        addScaled(source, gain: voice.gain, into: out, count: plainCount)
        if let cut = voice.cutFrame, plainEnd < last {
          addFading(
            voice, cut: cut, from: max(first, cut), to: last, blockStart: blockStart,
            values: sampleBase, output: outBase)
        }
      }
    }
    active.removeAll { voices[$0].endFrame <= blockEnd }
    position = blockEnd
  }

  /// `out[i] += source[i] * gain`: the hot loop, over contiguous memory so it vectorizes.
  private func addScaled(
    _ source: UnsafePointer<Float>, gain: Float, into out: UnsafeMutablePointer<Float>, count: Int
  ) {
    for index in 0..<count {
      out[index] += source[index] * gain
    }
  }

  /// Adds a cut voice's fade: frame `cut + k` is scaled by `(fadeFrames - k) / fadeFrames`.
  private func addFading(
    _ voice: Voice, cut: Int64, from first: Int64, to last: Int64, blockStart: Int64,
    values: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>
  ) {
    let fade = Float(voice.fadeFrames)
    for frame in first..<last {
      let factor = Float(voice.fadeFrames - (frame - cut)) / fade
      let source = values + Int(frame - voice.startFrame) * channels
      let out = output + Int(frame - blockStart) * channels
      for channel in 0..<channels {
        out[channel] += source[channel] * voice.gain * factor
      }
    }
  }
}
