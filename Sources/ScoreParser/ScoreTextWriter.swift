/// The text of one stream of events being written, with the cursor (in beats), the bar it is
/// in, and the tempo and gain the text has stated.
struct ScoreTextWriter {
  var lines: [String] = []
  var line: [String] = []
  var cursor = Rational.zero
  var barStart = Rational.zero
  var beatsPerBar = Rational(4)
  /// The meter the text has stated, as a score reads it: 4/4 until a `meter` line.
  var meter = (4, 4)
  /// Where the last `meter` line stands and its bar's beats: the bar lines the score checks
  /// (none before the first `meter` line).
  var checkedBars: (start: Rational, beatsPerBar: Rational)?
  /// The tempo the text has stated; `nil` before its first `tempo` line.
  var tempo: Rational?
  /// The gain of a tap without `*GAIN`: the last `gain` line's, or 1.
  var gain: Rational

  init(gain: Rational) {
    self.gain = gain
  }

  /// Writes `events`, sorted by beat, ending the last taps at `endBeat`, with a `gain` line
  /// before the first tap when the taps' most common gain is not the one in force.
  mutating func write(_ events: [BeatEvent], endBeat: Rational) {
    var newGain = mostCommonGain(events).flatMap { $0 == gain ? nil : $0 }
    var index = 0
    while index < events.count {
      let event = events[index]
      switch event {
      case .tempo(let beat, let bpm):
        move(to: beat)
        if bpm != tempo { directive("tempo \(number(bpm))") }
        tempo = bpm
        index += 1
      case .meter(let beat, let numerator, let denominator):
        move(to: beat)
        let change = MeterChange(time: .zero, numerator: numerator, denominator: denominator)
        // A meter a score cannot state (over 64 notes, or notes shorter than 1/64) only breaks
        // the lines.
        if (numerator, denominator) != meter, (1...64).contains(numerator),
          (1...64).contains(denominator)
        {
          directive("meter \(numerator)/\(denominator)")
          meter = (numerator, denominator)
          checkedBars = (beat, change.beatsPerBar)
        }
        startBar(at: beat, beatsPerBar: change.beatsPerBar)
        index += 1
      case .tap(let beat, _, _, _):
        if let common = newGain {
          directive("gain \(number(common))")
          gain = common
          newGain = nil
        }
        var chord: [(String, Rational)] = []
        while index < events.count, case .tap(let other, let key, let gain, _) = events[index],
          other == beat
        {
          chord.append((key, gain))
          index += 1
        }
        let next = index < events.count ? events[index].beat : max(endBeat, beat)
        move(to: beat)
        self.chord(chord, length: next.subtracting(beat) ?? .zero)
      }
    }
    endLine()
  }

  /// Rests up to `beat`, breaking lines at bar lines.
  mutating func move(to beat: Rational) {
    guard cursor < beat, let gap = beat.subtracting(cursor) else { return }
    line.append(gap == .one ? "." : ".:\(number(gap))")
    cursor = beat
    breakAtBars()
  }

  /// Keys struck together: those of one gain joined by `+`, the groups of other gains before
  /// them lasting no time (a chord's suffixes apply to all its keys).
  mutating func chord(_ keys: [(String, Rational)], length: Rational) {
    var groups: [(gain: Rational, keys: [String])] = []
    for (key, gain) in keys {
      if let index = groups.firstIndex(where: { $0.gain == gain }) {
        groups[index].keys.append(key)
      } else {
        groups.append((gain, [key]))
      }
    }
    for (offset, group) in groups.enumerated() {
      let isLast = offset == groups.count - 1
      let lengthText = !isLast ? ":0" : length == .one ? "" : ":\(number(length))"
      let gainText = group.gain == gain ? "" : "*\(number(group.gain))"
      line.append(group.keys.joined(separator: "+") + lengthText + gainText)
    }
    cursor = cursor.adding(length) ?? cursor
    breakAtBars()
  }

  mutating func directive(_ text: String) {
    endLine()
    lines.append(text)
  }

  mutating func startBar(at beat: Rational, beatsPerBar: Rational) {
    endLine()
    barStart = beat
    if beatsPerBar > .zero { self.beatsPerBar = beatsPerBar }
  }

  /// Ends the line once the cursor has reached the next bar line.
  private mutating func breakAtBars() {
    guard let next = barStart.adding(beatsPerBar), !(cursor < next) else { return }
    if cursor == next, isOnCheckedBarLine { line.append("|") }
    endLine()
    // The bar the cursor is in now: whole bars past the last bar line.
    guard let bars = cursor.subtracting(barStart)?.divided(by: beatsPerBar) else { return }
    let whole = Rational(bars.numerator / bars.denominator)
    barStart = barStart.adding(whole.multiplied(by: beatsPerBar) ?? .zero) ?? cursor
  }

  /// Whether a bar line at the cursor stands where the score text's own meter puts one.
  private var isOnCheckedBarLine: Bool {
    guard let (start, beats) = checkedBars else { return true }
    guard beats > .zero, let bars = cursor.subtracting(start)?.divided(by: beats) else {
      return false
    }
    return bars.denominator == 1
  }

  mutating func endLine() {
    if !line.isEmpty { lines.append(line.joined(separator: " ")) }
    line = []
  }
}

/// The gain most of the taps have (the first heard among equals); `nil` without taps.
private func mostCommonGain(_ events: [BeatEvent]) -> Rational? {
  var counts: [Rational: Int] = [:]
  var order: [Rational] = []
  for case .tap(_, _, let gain, _) in events {
    if counts[gain] == nil { order.append(gain) }
    counts[gain, default: 0] += 1
  }
  return order.max { (counts[$0] ?? 0) < (counts[$1] ?? 0) }
}
