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
    var next = 0
    while next < active.count {
      // Voices that cover the whole block without a fade are summed up to four at a time in
      // registers, which adds each value in the same order as one voice at a time would.
      let batch = wholeBlockBatch(startingAt: next, blockStart: blockStart, blockEnd: blockEnd)
      if batch.count >= 2 {
        addBatch(batch, blockStart: blockStart, into: outBase, count: frameCount * channels)
        next += batch.count
      } else {
        add(voices[active[next]], blockStart: blockStart, blockEnd: blockEnd, into: outBase)
        next += 1
      }
    }
    let voices = plan.voices
    active.removeAll { voices[$0].endFrame <= blockEnd }
    position = blockEnd
  }

  /// Up to four consecutive active voices, from `start`, that sound through the whole block
  /// without fading and whose samples are stored alike.
  private func wholeBlockBatch(startingAt start: Int, blockStart: Int64, blockEnd: Int64) -> [Int] {
    var batch: [Int] = []
    var kindIsInt16: Bool?
    for position in start..<min(active.count, start + 4) {
      let voice = voices[active[position]]
      let isInt16 = samples[voice.sampleIndex].buffer.int16 != nil
      guard voice.startFrame <= blockStart, voice.endFrame >= blockEnd,
        (voice.cutFrame ?? .max) >= blockEnd, kindIsInt16 == nil || kindIsInt16 == isInt16
      else { break }
      kindIsInt16 = isInt16
      batch.append(active[position])
    }
    return batch
  }

  /// Adds two to four voices over `count` values from the block's start.
  private func addBatch(
    _ batch: [Int], blockStart: Int64, into out: UnsafeMutablePointer<Float>, count: Int
  ) {
    var gains: [Float] = []
    var int16: [UnsafePointer<Int16>] = []
    var float: [UnsafePointer<Float>] = []
    for index in batch {
      let voice = voices[index]
      let buffer = samples[voice.sampleIndex].buffer
      let offset = Int(blockStart - voice.startFrame) * channels
      if let base = buffer.int16 {
        int16.append(UnsafePointer(base + offset))
        gains.append(voice.gain / 32_768)  // v / 32768 * gain is exactly v * (gain / 32768)
      } else if let base = buffer.float {
        float.append(UnsafePointer(base + offset))
        gains.append(voice.gain)
      }
    }
    var start = 0
    while start < gains.count {
      let width = gains.count - start >= 4 ? 4 : 2
      if gains.count - start == 1 {
        if let source = int16.isEmpty ? nil : int16[start] {
          addScaled(source, gain: gains[start], into: out, count: count)
        } else {
          addScaled(float[start], gain: gains[start], into: out, count: count)
        }
        break
      }
      let g = Array(gains[start..<(start + width)])
      if !int16.isEmpty {
        let p = Array(int16[start..<(start + width)])
        if width == 4 {
          addFour(p[0], p[1], p[2], p[3], g, into: out, count: count)
        } else {
          addTwo(p[0], p[1], g, into: out, count: count)
        }
      } else {
        let p = Array(float[start..<(start + width)])
        if width == 4 {
          addFour(p[0], p[1], p[2], p[3], g, into: out, count: count)
        } else {
          addTwo(p[0], p[1], g, into: out, count: count)
        }
      }
      start += width
    }
  }

  /// Adds one voice over the part of the block it sounds in, fading it if it was cut.
  private func add(
    _ voice: Voice, blockStart: Int64, blockEnd: Int64, into outBase: UnsafeMutablePointer<Float>
  ) {
    let first = max(blockStart, voice.startFrame)
    let last = min(blockEnd, voice.endFrame)
    guard first < last else { return }
    let buffer = samples[voice.sampleIndex].buffer
    let out = outBase + Int(first - blockStart) * channels
    let offset = Int(first - voice.startFrame) * channels
    let plainEnd = min(last, voice.cutFrame ?? last)
    let plainCount = max(0, Int(plainEnd - first)) * channels
    if let base = buffer.int16 {
      addScaled(base + offset, gain: voice.gain / 32_768, into: out, count: plainCount)
    } else if let base = buffer.float {
      addScaled(base + offset, gain: voice.gain, into: out, count: plainCount)
    }
    guard let cut = voice.cutFrame, plainEnd < last else { return }
    addFading(
      voice, cut: cut, from: max(first, cut), to: last, blockStart: blockStart, output: outBase
    ) {
      if let base = buffer.int16 { return Float(base[$0]) / 32_768 }
      return buffer.float?[$0] ?? 0
    }
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

  /// Two voices per pass over `out`, added in order.
  private func addTwo(
    _ a: UnsafePointer<Int16>, _ b: UnsafePointer<Int16>, _ gains: [Float],
    into out: UnsafeMutablePointer<Float>, count: Int
  ) {
    let (ga, gb) = (gains[0], gains[1])
    for index in 0..<count {
      var sum = out[index]
      sum += Float(a[index]) * ga
      sum += Float(b[index]) * gb
      out[index] = sum
    }
  }

  /// Four voices per pass over `out`, added in order.
  private func addFour(
    _ a: UnsafePointer<Int16>, _ b: UnsafePointer<Int16>, _ c: UnsafePointer<Int16>,
    _ d: UnsafePointer<Int16>, _ gains: [Float], into out: UnsafeMutablePointer<Float>, count: Int
  ) {
    let (ga, gb, gc, gd) = (gains[0], gains[1], gains[2], gains[3])
    for index in 0..<count {
      var sum = out[index]
      sum += Float(a[index]) * ga
      sum += Float(b[index]) * gb
      sum += Float(c[index]) * gc
      sum += Float(d[index]) * gd
      out[index] = sum
    }
  }

  private func addTwo(
    _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ gains: [Float],
    into out: UnsafeMutablePointer<Float>, count: Int
  ) {
    let (ga, gb) = (gains[0], gains[1])
    for index in 0..<count {
      var sum = out[index]
      sum += a[index] * ga
      sum += b[index] * gb
      out[index] = sum
    }
  }

  private func addFour(
    _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ c: UnsafePointer<Float>,
    _ d: UnsafePointer<Float>, _ gains: [Float], into out: UnsafeMutablePointer<Float>, count: Int
  ) {
    let (ga, gb, gc, gd) = (gains[0], gains[1], gains[2], gains[3])
    for index in 0..<count {
      var sum = out[index]
      sum += a[index] * ga
      sum += b[index] * gb
      sum += c[index] * gc
      sum += d[index] * gd
      out[index] = sum
    }
  }

  /// Adds a cut voice's fade: frame `cut + k` is scaled by `(fadeFrames - k) / fadeFrames`;
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
