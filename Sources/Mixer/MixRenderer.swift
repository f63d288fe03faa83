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
      if plan.mixEnd(of: plan.voices[nextVoice]) > startFrame { active.append(nextVoice) }
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
      // Voices that cover the whole block without a fade are summed up to eight at a time in
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
    let plan = plan
    active.removeAll { plan.mixEnd(of: plan.voices[$0]) <= blockEnd }
    position = blockEnd
  }

  /// A voice's values from `frame` on, with the gain that applies to them as stored.
  private enum Source {
    case int16(UnsafePointer<Int16>, gain: Float)
    case float(UnsafePointer<Float>, gain: Float)

    var gain: Float {
      switch self {
      case .int16(_, let gain), .float(_, let gain): gain
      }
    }
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

  /// How many consecutive active voices, from `start` and at most eight, sound through the
  /// whole block without fading and have samples stored alike.
  private func wholeBlockRun(startingAt start: Int, blockStart: Int64, blockEnd: Int64) -> Int {
    var count = 0
    var kindIsInt16: Bool?
    for position in start..<min(active.count, start + 8) {
      let voice = voices[active[position]]
      let isInt16 = if case .int16 = plan.bases[voice.sampleIndex] { true } else { false }
      guard voice.startFrame <= blockStart, plan.mixEnd(of: voice) >= blockEnd,
        (voice.cutFrame ?? .max) >= blockEnd, kindIsInt16 == nil || kindIsInt16 == isInt16
      else { break }
      kindIsInt16 = isInt16
      count += 1
    }
    return count
  }

  /// `wholeBlockRun` only groups samples stored alike; anything else would drop voices silently.
  private var mixedRun: String { "a run of voices mixes 16-bit and float samples" }

  /// Adds a run of two to eight such voices over `valueCount` values from the block's start:
  /// eight or four in one pass, then two, then one, each pass adding its voices in order.
  private func addRun(
    startingAt start: Int, count: Int, blockStart: Int64, into out: UnsafeMutablePointer<Float>,
    valueCount: Int
  ) {
    let sources = (0..<count).map { source(of: voices[active[start + $0]], from: blockStart) }
    var done = 0
    while done < count {
      let step = count - done >= 8 ? 8 : count - done >= 4 ? 4 : count - done >= 2 ? 2 : 1
      let part = Array(sources[done..<(done + step)])
      if case .int16 = part[0] {
        let pointers = part.map { (source) -> UnsafePointer<Int16> in
          guard case .int16(let values, _) = source else { preconditionFailure(mixedRun) }
          return values
        }
        addInOrder(pointers, part.map(\.gain), into: out, count: valueCount)
      } else {
        let pointers = part.map { (source) -> UnsafePointer<Float> in
          guard case .float(let values, _) = source else { preconditionFailure(mixedRun) }
          return values
        }
        addInOrder(pointers, part.map(\.gain), into: out, count: valueCount)
      }
      done += step
    }
  }

  /// Adds one source's values, scaled, to `count` values of `out`.
  private func add(_ source: Source, into out: UnsafeMutablePointer<Float>, count: Int) {
    switch source {
    case .int16(let values, let gain): addInOrder([values], [gain], into: out, count: count)
    case .float(let values, let gain): addInOrder([values], [gain], into: out, count: count)
    }
  }

  /// Adds one voice over the part of the block it sounds in, fading it if it was cut.
  private func add(
    _ voice: Voice, blockStart: Int64, blockEnd: Int64, into outBase: UnsafeMutablePointer<Float>
  ) {
    let first = max(blockStart, voice.startFrame)
    let last = min(blockEnd, plan.mixEnd(of: voice))
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

  /// `out[i] += source[i] * gain` for one, two, four or eight sources in one pass over `out`,
  /// added in the order given: the hot loop, over contiguous memory so it vectorizes.
  private func addInOrder<Value: StoredValue>(
    _ sources: [UnsafePointer<Value>], _ gains: [Float], into out: UnsafeMutablePointer<Float>,
    count: Int
  ) {
    switch sources.count {
    case 8:
      let (a, b, c, d) = (sources[0], sources[1], sources[2], sources[3])
      let (e, f, g, h) = (sources[4], sources[5], sources[6], sources[7])
      let (ga, gb, gc, gd) = (gains[0], gains[1], gains[2], gains[3])
      let (ge, gf, gg, gh) = (gains[4], gains[5], gains[6], gains[7])
      for index in 0..<count {
        var sum = out[index]
        sum += a[index].mixed * ga
        sum += b[index].mixed * gb
        sum += c[index].mixed * gc
        sum += d[index].mixed * gd
        sum += e[index].mixed * ge
        sum += f[index].mixed * gf
        sum += g[index].mixed * gg
        sum += h[index].mixed * gh
        out[index] = sum
      }
    case 4:
      let (a, b, c, d) = (sources[0], sources[1], sources[2], sources[3])
      let (ga, gb, gc, gd) = (gains[0], gains[1], gains[2], gains[3])
      for index in 0..<count {
        var sum = out[index]
        sum += a[index].mixed * ga
        sum += b[index].mixed * gb
        sum += c[index].mixed * gc
        sum += d[index].mixed * gd
        out[index] = sum
      }
    case 2:
      let (a, b, ga, gb) = (sources[0], sources[1], gains[0], gains[1])
      for index in 0..<count {
        var sum = out[index]
        sum += a[index].mixed * ga
        sum += b[index].mixed * gb
        out[index] = sum
      }
    default:
      precondition(sources.count == 1, "one, two, four or eight sources")
      let (a, ga) = (sources[0], gains[0])
      for index in 0..<count {
        out[index] += a[index].mixed * ga
      }
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

/// How the mixer reads a stored sample value: 16-bit integers (scaled by the voice's gain,
/// which carries the 2^-15 step) or floats.
private protocol StoredValue {
  var mixed: Float { get }
}

extension Int16: StoredValue {
  fileprivate var mixed: Float { Float(self) }
}

extension Float: StoredValue {
  fileprivate var mixed: Float { self }
}
