/// Plays the parsed items through as they are read: expands repeats, resolves every tap's exact
/// time, and enforces the limits on taps and duration before taking memory for what exceeds
/// them.
struct Expander {
  /// Stops expansion at the first limit or overflow; one such error says all there is.
  struct Failure: Error {
    var message: String
    var span: SourceSpan
  }

  let maxTaps: Int
  let maxDuration: Rational
  private var taps = TapList()
  private(set) var tempoChanges: [TempoChange] = []
  private(set) var meterChanges: [MeterChange] = []
  /// The latest time reached.
  private(set) var end = Rational.zero
  private var cursor = Rational.zero
  /// Seconds per beat: 60 / tempo.
  private var beatSeconds = Rational(1, 2) ?? .one
  private var defaultLength = Rational.one
  /// The gain of a tap without one of its own: the last `gain` line's, else 1.
  private var defaultGain = 1.0
  /// The voice taps go to: the index the last `voice` line played gave.
  private var voice = 0
  /// Beats since the last bar of the meter the score set; `nil` before any `meter` (bar lines
  /// are then free) and after a timestamp (the beat grid is lost until the next `meter`).
  private var beatsIntoBar: Rational?
  private var beatsPerBar = Rational(4)
  /// Where a tap log that starts past the duration limit is played from (its first time,
  /// which every time is counted from), and the timestamp that set it: for the warning.
  private(set) var lateStart: (time: Rational, span: SourceSpan)?
  /// Bar lines that fall mid-bar, each once (a repeat plays it again).
  private(set) var misplacedBarLines: [(span: SourceSpan, message: String)] = []
  private var warnedBarLines = Set<Int64>()

  init(maxTaps: Int, maxDuration: Rational) {
    self.maxTaps = maxTaps
    self.maxDuration = maxDuration
  }

  /// Taps expanded so far.
  var tapCount: Int { taps.count }

  mutating func play(_ items: [ScoreItem]) throws(Failure) {
    for item in items { try play(item) }
  }

  mutating func play(_ item: ScoreItem) throws(Failure) {
    switch item {
    case .tap(let keys, let length, let gain, let span):
      guard taps.count + keys.count <= maxTaps else {
        throw Failure(message: tapLimitMessage, span: span)
      }
      for key in keys {
        taps.append(
          Tap(
            time: cursor, key: key.name, gain: gain ?? defaultGain, line: Int(key.line),
            column: Int(key.column), sequence: taps.count, voice: voice))
      }
      try advance(beats: length ?? defaultLength, at: span)
    case .rest(let length, let span):
      try advance(beats: length ?? defaultLength, at: span)
    case .tempo(let bpm, let span):
      guard let seconds = Rational(60).divided(by: bpm) else {
        throw Failure(message: overflowMessage, span: span)
      }
      beatSeconds = seconds
      if tempoChanges.last?.beatsPerMinute != bpm {
        tempoChanges.append(TempoChange(time: cursor, beatsPerMinute: bpm, line: span.line))
      }
    case .length(let beats):
      defaultLength = beats
    case .gain(let gain):
      defaultGain = gain
    case .voice(let index):
      voice = index
    case .meter(let numerator, let denominator):
      let change = MeterChange(time: cursor, numerator: numerator, denominator: denominator)
      beatsIntoBar = .zero
      beatsPerBar = change.beatsPerBar
      if let last = meterChanges.last, last.numerator == numerator,
        last.denominator == denominator
      {
        break
      }
      meterChanges.append(change)
    case .timestamp(let time, let span):
      cursor = try logTime(time, at: span)
      beatsIntoBar = nil
      try checkDuration(at: span)
    case .group(let group):
      try play(group)
    case .barLine(let span):
      checkBarLine(span)
    }
  }

  /// Hands over the taps sorted by time, text order among equal times.
  mutating func takeSortedTaps() -> [Tap] {
    var sorted = taps.take()
    let inOrder = zip(sorted, sorted.dropFirst()).allSatisfy { !($1.time < $0.time) }
    if !inOrder {
      sorted.sort { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
    }
    return sorted
  }

  private mutating func play(_ group: RepeatGroup) throws(Failure) {
    let taps = saturatingMultiply(group.tapsPerPass, group.count)
    guard taps <= Int64(maxTaps - self.taps.count) else {
      throw Failure(message: tapLimitMessage, span: group.close)
    }
    self.taps.reserve(Int(taps))
    guard group.tapsPerPass == 0 && group.count > 2 else {
      for _ in 0..<group.count { try play(group.items) }
      return
    }
    // A pass without taps only moves the cursor. After the first pass the tempo and length
    // are those the group last sets, so every later pass lasts as long as the second.
    try play(group.items)
    let secondStart = cursor
    try play(group.items)
    guard let passSeconds = cursor.subtracting(secondStart),
      let remaining = passSeconds.multiplied(by: Rational(group.count - 2)),
      let final = cursor.adding(remaining)
    else { throw Failure(message: durationLimitMessage, span: group.close) }
    cursor = final
    try checkDuration(at: group.close)
  }

  /// A bar line should stand where a bar ends: warned once when it falls mid-bar.
  private mutating func checkBarLine(_ span: SourceSpan) {
    guard let beats = beatsIntoBar, beats > .zero, beatsPerBar > .zero else { return }
    guard let bars = beats.divided(by: beatsPerBar), bars.denominator != 1 else {
      beatsIntoBar = .zero
      return
    }
    guard warnedBarLines.insert(Int64(span.line) << 32 | Int64(span.column)).inserted else {
      return
    }
    // Where in its bar the line stands: the beats past the last whole bar.
    let whole = Rational(bars.numerator / bars.denominator)
    let into = whole.multiplied(by: beatsPerBar).flatMap { beats.subtracting($0) } ?? beats
    misplacedBarLines.append(
      (
        span,
        "bar line \(number(into)) \(into == .one ? "beat" : "beats") into a bar of \(number(beatsPerBar)) (the meter's); it belongs where a bar ends"
      ))
  }

  private mutating func advance(beats: Rational, at span: SourceSpan) throws(Failure) {
    if let into = beatsIntoBar { beatsIntoBar = into.adding(beats) }
    guard let seconds = beats.multiplied(by: beatSeconds), let next = cursor.adding(seconds) else {
      throw Failure(message: overflowMessage, span: span)
    }
    cursor = next
    try checkDuration(at: span)
  }

  /// A timestamp's time as played: a tap log whose first time is past the duration limit,
  /// before anything else took time, is played from that time, as though it were 0 (it was
  /// written by a clock that did not start with the song); later times count from it too.
  private mutating func logTime(_ time: Rational, at span: SourceSpan) throws(Failure) -> Rational {
    if lateStart == nil, time > maxDuration, taps.count == 0, end == .zero {
      lateStart = (time, span)
    }
    guard let (start, _) = lateStart else { return time }
    guard let shifted = time.subtracting(start), shifted >= .zero else {
      throw Failure(
        message:
          "time \(time.decimalString(places: 3)) is before the tap log's first, \(start.decimalString(places: 3)), which it is played from",
        span: span)
    }
    return shifted
  }

  private mutating func checkDuration(at span: SourceSpan) throws(Failure) {
    guard cursor <= maxDuration else {
      throw Failure(message: durationLimitMessage, span: span)
    }
    if end < cursor { end = cursor }
  }

  /// The failure of a group, closed at `close`, found to hold more taps than the limit leaves
  /// before it was played: what playing it would throw.
  func tapLimitFailure(at close: SourceSpan) -> Failure {
    Failure(message: tapLimitMessage, span: close)
  }

  private var tapLimitMessage: String {
    "the score expands to more than \(maxTaps) taps, the limit (see --max-taps)"
  }

  private var durationLimitMessage: String {
    "the score runs past \(maxDuration.decimalString(places: 0)) seconds, the limit (see --max-duration)"
  }

  private var overflowMessage: String {
    "time overflows exact arithmetic here; use simpler tempos and lengths"
  }
}
