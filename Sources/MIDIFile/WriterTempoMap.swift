import ScoreParser

/// The tempo map a written MIDI file carries, and the tick of any exact time on it.
///
/// Each score tempo becomes a whole number of µs a MIDI quarter; a tempo slower than one tick
/// a millisecond is written with a shorter MIDI quarter (half, a quarter… of a beat), so
/// rounding a time to its nearest tick is never off by more than half a millisecond.
struct WriterTempoMap {
  struct Segment: Equatable {
    var tick: Int64
    var microsecondsPerQuarter: Int64
    /// Ticks in one score beat: ticks per quarter × 2^halvings.
    var beatTicks: Int64
    /// The segment's start time × 1,000,000 × ticks per quarter, as the reader computes it.
    var startNumerator: Int64
  }

  /// The latest tick written: 2^47, about 40 hours at the fastest tempo (1 µs a quarter),
  /// so the filler events spanning long gaps stay under 2 MB.
  static let maxTick: Int64 = 1 << 47

  let ticksPerQuarter: Int64
  /// 1,000,000 × ticks per quarter.
  let denominator: Int64
  private(set) var segments: [Segment] = []

  /// The map of the score's tempo changes when their times never go back; otherwise the first
  /// tempo alone. 120 bpm holds until the first change, as in the score.
  init(_ changes: [TempoChange], ticksPerQuarter: Int64) {
    self.ticksPerQuarter = ticksPerQuarter
    denominator = 1_000_000 * ticksPerQuarter
    let inOrder = zip(changes, changes.dropFirst()).allSatisfy { !($1.time < $0.time) }
    let plan =
      inOrder
      ? changes
      : changes.prefix(1).map { TempoChange(time: .zero, beatsPerMinute: $0.beatsPerMinute) }
    let standard = midiTempo(Rational(120)) ?? (500_000, ticksPerQuarter)
    segments = [
      Segment(
        tick: 0, microsecondsPerQuarter: standard.microseconds, beatTicks: standard.beatTicks,
        startNumerator: 0)
    ]
    for change in plan {
      guard let tempo = midiTempo(change.beatsPerMinute) else { continue }
      let tick: Int64
      let start: Int64
      if change.time > .zero {
        guard let place = place(change.time) else { break }
        (tick, start) = place
      } else {
        (tick, start) = (0, 0)
      }
      let segment = Segment(
        tick: tick, microsecondsPerQuarter: tempo.microseconds, beatTicks: tempo.beatTicks,
        startNumerator: start)
      // Two changes on one tick: the later wins, as the reader resolves them.
      if segments.last?.tick == tick { segments.removeLast() }
      let previous = segments.last
      if previous?.microsecondsPerQuarter != segment.microsecondsPerQuarter
        || previous?.beatTicks != segment.beatTicks
      {
        segments.append(segment)
      }
    }
  }

  /// The nearest tick to `time` (ties to the later) and its time × `denominator`; `nil` for a
  /// negative time or one past `maxTick` or whose exact time overflows.
  func place(_ time: Rational) -> (tick: Int64, numerator: Int64)? {
    guard time >= .zero else { return nil }
    let scaled = Int128(time.numerator) * Int128(denominator)
    let d = Int128(time.denominator)
    let segment = segments[lastIndex { scaled >= Int128($0.startNumerator) * d }]
    let difference = scaled - Int128(segment.startNumerator) * d
    let unit = d * Int128(segment.microsecondsPerQuarter)
    let (quotient, remainder) = difference.quotientAndRemainder(dividingBy: unit)
    let ticks = quotient + (2 * remainder >= unit ? 1 : 0)
    guard let offset = Int64(exactly: ticks),
      case (let tick, false) = segment.tick.addingReportingOverflow(offset),
      tick <= Self.maxTick,
      case (let product, false) = offset.multipliedReportingOverflow(
        by: segment.microsecondsPerQuarter),
      case (let numerator, false) = segment.startNumerator.addingReportingOverflow(product)
    else { return nil }
    return (tick, numerator)
  }

  /// Ticks in one score beat at `tick`.
  func beatTicks(atTick tick: Int64) -> Int64 {
    segments[lastIndex { $0.tick <= tick }].beatTicks
  }

  /// The last segment `starts` holds for; segments start in order, and the first always holds.
  private func lastIndex(where starts: (Segment) -> Bool) -> Int {
    var low = 0
    var high = segments.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts(segments[middle]) { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// µs per MIDI quarter for `beatsPerMinute`, rounded to a whole µs, with the MIDI quarter
  /// halved until a tick lasts at most 1 ms; `nil` for a tempo that is not positive or whose
  /// beat overflows.
  private func midiTempo(_ beatsPerMinute: Rational) -> (microseconds: Int64, beatTicks: Int64)? {
    guard beatsPerMinute > .zero, let beat = Rational(60_000_000).divided(by: beatsPerMinute)
    else { return nil }
    let ceiling = min(1_000 * ticksPerQuarter, 0xFF_FFFF)
    let numerator = Int128(beat.numerator)
    var divisor = Int128(beat.denominator)
    var beatTicks = ticksPerQuarter
    while true {
      // round(beat / 2^k) = floor((2 × numerator + divisor) / (2 × divisor)); fits in 128 bits.
      let microseconds = (2 * numerator + divisor) / (2 * divisor)
      if microseconds <= Int128(ceiling) {
        return (max(1, Int64(microseconds)), beatTicks)
      }
      divisor *= 2
      beatTicks = min(beatTicks * 2, Self.maxTick)
    }
  }
}
