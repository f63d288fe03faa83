import ScoreParser

/// A song's tempo map as segments of constant tempo, each with the exact time it starts.
///
/// Time is counted in units that make every tempo a whole number of units a quarter: µs for a
/// MIDI file, 1/12 s for 144 quarters a minute. A tick's time is Σ ticks × units-per-quarter
/// over the segments before it, divided by units-per-second × ticks-per-quarter: one integer
/// numerator and one fixed denominator, so every time is exact and overflow is detected
/// rather than rounded away.
struct TempoMap: Sendable {
  struct Segment: Sendable {
    var tick: Int64
    var unitsPerQuarter: Int64
    /// The segment's start time × `denominator`.
    var startNumerator: Int64
  }

  /// The tempo SMF assumes before any set-tempo event: 120 quarters a minute.
  static let defaultMicrosecondsPerQuarter = 500_000

  /// Sorted by tick; the first starts at tick 0.
  private(set) var segments: [Segment]
  /// Units a second × ticks per quarter.
  let denominator: Int64

  /// The map of `changes` (sorted, one per tick); `nil` when a change's time overflows, or
  /// the tempi have no common unit within 64 bits.
  init?(changes: [MIDITempoChange], ticksPerQuarter: Int) {
    let initial = MIDITempoChange(
      tick: 0, microsecondsPerQuarter: Self.defaultMicrosecondsPerQuarter)
    // The least common multiple of the lengths' denominators: the unit that makes them whole.
    var unitsPerSecond: Int64 = 1
    for change in [initial] + changes {
      let denominator = change.secondsPerQuarter.denominator
      guard let product = Rational.leastCommonMultiple(unitsPerSecond, denominator) else {
        return nil
      }
      unitsPerSecond = product
    }
    let (scaled, overflow) = unitsPerSecond.multipliedReportingOverflow(
      by: Int64(ticksPerQuarter))
    guard !overflow else { return nil }
    denominator = scaled
    func units(_ change: MIDITempoChange) -> Int64? {
      let length = change.secondsPerQuarter
      let (product, overflow) = length.numerator.multipliedReportingOverflow(
        by: unitsPerSecond / length.denominator)
      return overflow ? nil : product
    }
    guard let initialUnits = units(initial) else { return nil }
    segments = [Segment(tick: 0, unitsPerQuarter: initialUnits, startNumerator: 0)]
    for change in changes {
      guard let perQuarter = units(change) else { return nil }
      guard change.tick > 0 else {
        segments[0].unitsPerQuarter = perQuarter
        continue
      }
      guard let start = numerator(atTick: change.tick) else { return nil }
      segments.append(
        Segment(tick: change.tick, unitsPerQuarter: perQuarter, startNumerator: start))
    }
  }

  /// `tick`'s time × `denominator`, or `nil` on overflow; `tick` must not be negative.
  func numerator(atTick tick: Int64) -> Int64? {
    let segment = segments[segmentIndex(atTick: tick)]
    let (product, productOverflow) = (tick - segment.tick).multipliedReportingOverflow(
      by: segment.unitsPerQuarter)
    let (sum, sumOverflow) = segment.startNumerator.addingReportingOverflow(product)
    return productOverflow || sumOverflow ? nil : sum
  }

  /// `tick`'s exact time in seconds, or `nil` on overflow.
  func seconds(atTick tick: Int64) -> Rational? {
    numerator(atTick: tick).flatMap { Rational($0, denominator) }
  }

  /// The last segment starting at or before `tick`.
  private func segmentIndex(atTick tick: Int64) -> Int {
    var low = 0
    var high = segments.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if segments[middle].tick <= tick { low = middle } else { high = middle - 1 }
    }
    return low
  }
}

/// Set-tempo events from every track merged into one map: sorted by tick, and where several
/// fall on one tick the last in file order wins (`events` are in file order).
func mergedTempoChanges(_ events: [MIDITempoChange]) -> [MIDITempoChange] {
  let sorted = events.enumerated().sorted {
    ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset)
  }.map(\.element)
  var merged: [MIDITempoChange] = []
  for change in sorted {
    if merged.last?.tick == change.tick { merged.removeLast() }
    merged.append(change)
  }
  return merged
}
