/// Mixes voices into consecutive blocks of output frames, holding only the voices that sound.
///
/// Each output value is the sum of its voices' contributions added in voice order (frame, then
/// score order), starting from zero, so the result is the same for every block size and for
/// renders started at any frame.
public struct MixRenderer: Sendable {
  public let plan: MixPlan
  private var samples: [Sample] { plan.samples }
  private var voices: [Voice] { plan.voices }
  private var channels: Int { plan.channels }
  /// The first frame of the next block.
  public private(set) var position: Int64
  private var nextVoice = 0
  /// Voices that may sound in the next block, in voice order.
  private var active: [Int] = []

  /// A renderer whose first block starts at `startFrame`; the plan's voices must be in render
  /// order and every sample must have the plan's channel count.
  public init(plan: MixPlan, startFrame: Int64 = 0) {
    self.plan = plan
    position = startFrame
    nextVoice = plan.firstVoice(soundingAt: startFrame)
    while nextVoice < plan.voices.count && plan.voices[nextVoice].startFrame < startFrame {
      if plan.voices[nextVoice].endFrame > startFrame { active.append(nextVoice) }
      nextVoice += 1
    }
  }

  /// A renderer of `voices` over `samples`, from `startFrame`.
  public init(samples: [Sample], voices: [Voice], channels: Int, startFrame: Int64 = 0) {
    self.init(
      plan: MixPlan(samples: samples, voices: voices, channels: channels), startFrame: startFrame)
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
      let out = outBase + Int(first - blockStart) * channels
      let offset = Int(first - voice.startFrame) * channels
      let plainEnd = min(last, voice.cutFrame ?? last)
      let plainCount = max(0, Int(plainEnd - first)) * channels
      let fade = voice.cutFrame.flatMap { cut in plainEnd < last ? (cut, max(first, cut)) : nil }
      switch samples[voice.sampleIndex].storage {
      case .float(let values):
        values.withUnsafeBufferPointer { values in
          guard let base = values.baseAddress else { return }
          addScaled(base + offset, gain: voice.gain, into: out, count: plainCount)
          if let (cut, fadeStart) = fade {
            addFading(
              voice, cut: cut, from: fadeStart, to: last, blockStart: blockStart, output: outBase
            ) { base[$0] }
          }
        }
      case .int16(let values):
        values.withUnsafeBufferPointer { values in
          guard let base = values.baseAddress else { return }
          // v / 32768 * gain is exactly v * (gain / 32768): scaling by 2^-15 is exact.
          addScaled(base + offset, gain: voice.gain / 32_768, into: out, count: plainCount)
          if let (cut, fadeStart) = fade {
            addFading(
              voice, cut: cut, from: fadeStart, to: last, blockStart: blockStart, output: outBase
            ) { Float(base[$0]) / 32_768 }
          }
        }
      }
    }
    let voices = plan.voices
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

  /// The same for 16-bit values, converted on the fly.
  private func addScaled(
    _ source: UnsafePointer<Int16>, gain: Float, into out: UnsafeMutablePointer<Float>, count: Int
  ) {
    for index in 0..<count {
      out[index] += Float(source[index]) * gain
    }
  }

  /// Adds a cut voice's fade: frame `cut + k` is scaled by `(fadeFrames - k) / fadeFrames`.
  /// `value(i)` is the sample's value at index `i`, as a float.
  private func addFading(
    _ voice: Voice, cut: Int64, from first: Int64, to last: Int64, blockStart: Int64,
    output: UnsafeMutablePointer<Float>, value: (Int) -> Float
  ) {
    let fade = Float(voice.fadeFrames)
    for frame in first..<last {
      let factor = Float(voice.fadeFrames - (frame - cut)) / fade
      let source = Int(frame - voice.startFrame) * channels
      let out = output + Int(frame - blockStart) * channels
      for channel in 0..<channels {
        out[channel] += value(source + channel) * voice.gain * factor
      }
    }
  }
}
