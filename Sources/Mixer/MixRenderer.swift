import AudioBasics

/// Mixes voices into consecutive blocks of output frames, holding only the voices that sound.
///
/// Each output value is the sum of its voices' contributions added in voice order (frame, then
/// score order), starting from zero, so the result is the same for every block size and for
/// renders started at any frame.
public struct MixRenderer: Sendable {
  public let plan: MixPlan
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
      let count = wholeBlockRun(startingAt: next, blockStart: blockStart, blockEnd: blockEnd)
      if count >= 2 {
        addRun(
          startingAt: next, count: count, blockStart: blockStart, into: outBase,
          valueCount: frameCount * channels)
        next += count
      } else {
        add(voices[active[next]], blockStart: blockStart, blockEnd: blockEnd, into: outBase)
        next += 1
      }
    }
    let voices = plan.voices
    active.removeAll { voices[$0].endFrame <= blockEnd }
    position = blockEnd
  }

  /// A voice's values from `frame` on, with the gain that applies to them as stored.
  private enum Source {
    case int16(UnsafePointer<Int16>, gain: Float)
    case float(UnsafePointer<Float>, gain: Float)
  }

  private func source(of voice: Voice, from frame: Int64) -> Source {
    let offset = Int(frame - voice.startFrame) * channels
    switch plan.bases[voice.sampleIndex] {
    case .int16(let base):
      // v / 32768 * gain is exactly v * (gain * 2^-15): scaling by 2^-15 is exact.
      return .int16(UnsafePointer(base + offset), gain: voice.gain * plan.sixteenBitStep)
    case .float(let base):
      return .float(UnsafePointer(base + offset), gain: voice.gain)
    }
  }

  /// How many consecutive active voices, from `start` and at most four, sound through the
  /// whole block without fading and have samples stored alike.
  private func wholeBlockRun(startingAt start: Int, blockStart: Int64, blockEnd: Int64) -> Int {
    var count = 0
    var kindIsInt16: Bool?
    for position in start..<min(active.count, start + 4) {
      let voice = voices[active[position]]
      let isInt16 = if case .int16 = plan.bases[voice.sampleIndex] { true } else { false }
      guard voice.startFrame <= blockStart, voice.endFrame >= blockEnd,
        (voice.cutFrame ?? .max) >= blockEnd, kindIsInt16 == nil || kindIsInt16 == isInt16
      else { break }
      kindIsInt16 = isInt16
      count += 1
    }
    return count
  }

  /// `wholeBlockRun` only groups samples stored alike; anything else would drop voices silently.
  private var mixedRun: String { "a run of voices mixes 16-bit and float samples" }

  /// Adds a run of two to four such voices over `valueCount` values from the block's start:
  /// four in one pass, or two in one pass and a third alone.
  private func addRun(
    startingAt start: Int, count: Int, blockStart: Int64, into out: UnsafeMutablePointer<Float>,
    valueCount: Int
  ) {
    func at(_ offset: Int) -> Source {
      source(of: voices[active[start + offset]], from: blockStart)
    }
    switch (count, at(0), at(1)) {
    case (4, .int16(let a, let ga), .int16(let b, let gb)):
      guard case .int16(let c, let gc) = at(2), case .int16(let d, let gd) = at(3) else {
        preconditionFailure(mixedRun)
      }
      addFour(a, b, c, d, [ga, gb, gc, gd], into: out, count: valueCount)
    case (4, .float(let a, let ga), .float(let b, let gb)):
      guard case .float(let c, let gc) = at(2), case .float(let d, let gd) = at(3) else {
        preconditionFailure(mixedRun)
      }
      addFour(a, b, c, d, [ga, gb, gc, gd], into: out, count: valueCount)
    case (_, .int16(let a, let ga), .int16(let b, let gb)):
      addTwo(a, b, [ga, gb], into: out, count: valueCount)
    case (_, .float(let a, let ga), .float(let b, let gb)):
      addTwo(a, b, [ga, gb], into: out, count: valueCount)
    default:
      preconditionFailure(mixedRun)
    }
    if count == 3 { add(at(2), into: out, count: valueCount) }
  }

  /// Adds one source's values, scaled, to `count` values of `out`.
  private func add(_ source: Source, into out: UnsafeMutablePointer<Float>, count: Int) {
    switch source {
    case .int16(let values, let gain): addScaled(values, gain: gain, into: out, count: count)
    case .float(let values, let gain): addScaled(values, gain: gain, into: out, count: count)
    }
  }

  /// Adds one voice over the part of the block it sounds in, fading it if it was cut.
  private func add(
    _ voice: Voice, blockStart: Int64, blockEnd: Int64, into outBase: UnsafeMutablePointer<Float>
  ) {
    let first = max(blockStart, voice.startFrame)
    let last = min(blockEnd, voice.endFrame)
    guard first < last else { return }
    let plainEnd = min(last, voice.cutFrame ?? last)
    let plainCount = max(0, Int(plainEnd - first)) * channels
    add(
      source(of: voice, from: first), into: outBase + Int(first - blockStart) * channels,
      count: plainCount)
    guard let cut = voice.cutFrame, plainEnd < last else { return }
    let base = plan.bases[voice.sampleIndex]
    let step = plan.sixteenBitStep
    addFading(
      voice, cut: cut, from: max(first, cut), to: last, blockStart: blockStart, output: outBase
    ) { index in
      switch base {
      case .int16(let values): Float(values[index]) * step
      case .float(let values): values[index]
      }
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
