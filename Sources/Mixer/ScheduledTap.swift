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
