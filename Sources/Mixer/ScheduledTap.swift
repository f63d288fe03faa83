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
  guard rate > 0 else { throw .invalidRate(rate) }
  var placed: [ScheduledTap] = []
  placed.reserveCapacity(score.taps.count)
  for tap in score.taps {
    guard let frame = tap.time.roundedHalfUp(scale: rate) else { throw .frameOverflow(tap) }
    placed.append(ScheduledTap(frame: frame, tap: tap))
  }
  // Sorted by time already, so frames only tie, never invert; reorder ties by text order.
  placed.sort { ($0.frame, $0.tap.sequence) < ($1.frame, $1.tap.sequence) }
  return placed
}

/// The taps of `score` as the mixer takes them, in render order (frame, then text order),
/// without holding a copy of every `Tap`: the lean path for long scores.
public func mixTaps(
  for score: Score, rate: Int64, sampleIndex: (String) -> Int
) throws(ScheduleError) -> [MixTap] {
  guard rate > 0 else { throw .invalidRate(rate) }
  var taps: [MixTap] = []
  var sequences: [Int32] = []
  taps.reserveCapacity(score.taps.count)
  sequences.reserveCapacity(score.taps.count)
  var lastKey = ""
  var lastIndex = 0
  for tap in score.taps {
    guard let frame = tap.time.roundedHalfUp(scale: rate) else { throw .frameOverflow(tap) }
    if tap.key != lastKey || taps.isEmpty {
      lastKey = tap.key
      lastIndex = sampleIndex(tap.key)
    }
    taps.append(MixTap(frame: frame, sampleIndex: lastIndex, gain: Float(tap.gain)))
    sequences.append(Int32(clamping: tap.sequence))
  }
  // Taps come sorted by time, so frames only tie; a tie of different times may be out of
  // text order, and only such runs are reordered.
  var start = 0
  while start < taps.count {
    var end = start + 1
    while end < taps.count && taps[end].frame == taps[start].frame { end += 1 }
    if end - start > 1 && !zip(sequences[start..<end], sequences[(start + 1)..<end]).allSatisfy(<) {
      let order = (start..<end).sorted { sequences[$0] < sequences[$1] }
      let run = order.map { taps[$0] }
      taps.replaceSubrange(start..<end, with: run)
    }
    start = end
  }
  return taps
}
