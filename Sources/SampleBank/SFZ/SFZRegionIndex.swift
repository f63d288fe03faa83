/// The regions that can play each key, so that choosing a tap's region looks at a key's few
/// candidates, not at every region of the instrument. A region that can never be the first to
/// match (it repeats the velocities and round-robin turn of an earlier one on that key, or
/// follows one that plays the key at every velocity on every turn) is left out.
struct SFZRegionIndex: Sendable {
  /// Per MIDI key 0-127, the candidate regions' indices, in the instrument's order.
  private var candidates: [[Int32]]
  /// Per MIDI key, the longest round robin of the regions on it (1 for none).
  private var roundRobins: [Int]

  /// The most key-and-region pairs kept: an instrument of thousands of regions keeps tens of
  /// thousands.
  static let maximumPairs = 4_000_000

  init(regions: [SFZRegion], path: String) throws(BankError) {
    candidates = Array(repeating: [], count: 128)
    roundRobins = Array(repeating: 1, count: 128)
    var closed = [Bool](repeating: false, count: 128)
    var seen = [Set<Int>](repeating: [], count: 128)
    var pairs = 0
    for (index, region) in regions.enumerated() {
      // Velocities 1-127, turns 1-100: a byte each.
      let shape =
        region.lowestVelocity | region.highestVelocity << 8 | region.sequenceLength << 16
        | region.sequencePosition << 24
      let playsEveryTap =
        region.lowestVelocity == 1 && region.highestVelocity == 127 && region.sequenceLength == 1
      for key in region.lowestKey...region.highestKey {
        roundRobins[key] = max(roundRobins[key], region.sequenceLength)
        guard !closed[key], seen[key].insert(shape).inserted else { continue }
        candidates[key].append(Int32(index))
        closed[key] = playsEveryTap
        pairs += 1
      }
      guard pairs <= Self.maximumPairs else {
        throw BankError(
          path: region.place.description,
          reason: "the instrument's regions overlap on too many keys (over "
            + "\(Self.maximumPairs) region and key pairs)")
      }
    }
  }

  /// The first region that plays `key` at `velocity` on round-robin turn `turn` (0-based).
  func region(forKey key: Int, velocity: Int, turn: Int, in regions: [SFZRegion]) -> Int? {
    guard (0..<128).contains(key) else { return nil }
    return candidates[key].lazy.map(Int.init).first {
      regions[$0].plays(key: key, velocity: velocity, turn: turn)
    }
  }

  /// The longest round robin among the regions on `key`.
  func roundRobinLength(forKey key: Int) -> Int {
    (0..<128).contains(key) ? roundRobins[key] : 1
  }

  /// Whether any region plays `key`.
  func plays(key: Int) -> Bool { (0..<128).contains(key) && !candidates[key].isEmpty }
}
