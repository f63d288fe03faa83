import Mixer
import ScoreParser

/// A tap placed at an output frame: what the mixer consumes.
public struct ScheduledTap: Hashable, Sendable {
  /// The output frame where the key's sample starts: `floor(time * rate + 1/2)`.
  public var frame: Int64
  /// The tap as the score gave it.
  public var tap: Tap

  public init(frame: Int64, tap: Tap) {
    self.frame = frame
    self.tap = tap
  }
}

/// Why a score cannot be placed at a rate.
public enum ScheduleError: Error, Equatable, Sendable {
  /// The rate is not a positive number of frames per second.
  case invalidRate(Int64)
  /// A tap's frame does not fit in 64 bits at this rate.
  case frameOverflow(Tap)
}

/// Places every tap of `score` at its frame for `rate` frames per second, in render order:
/// by frame, then by text order, so equal frames always sum in the same order.
public func schedule(_ score: Score, rate: Int64) throws(ScheduleError) -> [ScheduledTap] {
  try inRenderOrder(score, rate: rate) { frame, tap in ScheduledTap(frame: frame, tap: tap) }
}

/// The taps of `score` as the mixer takes them, in render order (frame, then text order),
/// without holding a copy of every `Tap`. `sample` gives the sample a key plays at a gain on
/// its `turn`-th tap (a bank may have several strikes or round-robin regions per key) and the
/// level it plays at; turns are counted only when `countsTurns` (otherwise each is 0).
public func mixTaps(
  for score: Score, rate: Int64, countsTurns: Bool = false,
  sample: (_ key: String, _ gain: Double, _ turn: Int) -> (index: Int, gain: Double)
) throws(ScheduleError) -> [MixTap] {
  var last: (key: String, gain: Double, index: Int, level: Double)?
  var turns: [String: Int] = [:]
  return try inRenderOrder(score, rate: rate) { frame, tap in
    if countsTurns {
      let turn = turns[tap.key, default: 0]
      turns[tap.key] = turn + 1
      let chosen = sample(tap.key, tap.gain, turn)
      return MixTap(frame: frame, sampleIndex: chosen.index, gain: Float(chosen.gain))
    }
    // Taps of one key and gain often follow each other: look them up once.
    if let last, last.key == tap.key, last.gain == tap.gain {
      return MixTap(frame: frame, sampleIndex: last.index, gain: Float(last.level))
    }
    let chosen = sample(tap.key, tap.gain, 0)
    last = (tap.key, tap.gain, chosen.index, chosen.gain)
    return MixTap(frame: frame, sampleIndex: chosen.index, gain: Float(chosen.gain))
  }
}

/// Places every tap at its frame and makes an element of it, in render order.
///
/// Taps come sorted by time, so frames only tie, never invert; a tie of different times may
/// be out of text order, and only such runs are reordered.
private func inRenderOrder<Element>(
  _ score: Score, rate: Int64, _ make: (Int64, Tap) -> Element
) throws(ScheduleError) -> [Element] {
  guard rate > 0 else { throw .invalidRate(rate) }
  var elements: [Element] = []
  var frames: [Int64] = []
  var sequences: [Int32] = []
  elements.reserveCapacity(score.taps.count)
  frames.reserveCapacity(score.taps.count)
  sequences.reserveCapacity(score.taps.count)
  for tap in score.taps {
    guard let frame = tap.time.roundedHalfUp(scale: rate) else { throw .frameOverflow(tap) }
    elements.append(make(frame, tap))
    frames.append(frame)
    sequences.append(Int32(clamping: tap.sequence))
  }
  var start = 0
  while start < elements.count {
    var end = start + 1
    while end < elements.count && frames[end] == frames[start] { end += 1 }
    if end - start > 1 && !zip(sequences[start..<end], sequences[(start + 1)..<end]).allSatisfy(<) {
      let order = (start..<end).sorted { sequences[$0] < sequences[$1] }
      elements.replaceSubrange(start..<end, with: order.map { elements[$0] })
    }
    start = end
  }
  return elements
}
