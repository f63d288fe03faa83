/// A song on a beat grid, to be written as score text: what `convert` makes of a MIDI file.
public struct BeatSong: Sendable {
  public var title: String?
  /// Events at their beat positions; written in beat order (tempo and meter before taps at the
  /// same beat, taps in the given order).
  public var events: [BeatEvent]
  /// Where the song ends, in beats: the last taps' length reaches it.
  public var endBeat: Rational

  public init(title: String? = nil, events: [BeatEvent], endBeat: Rational) {
    self.title = title
    self.events = events
    self.endBeat = endBeat
  }
}

/// Something that happens at a beat of a `BeatSong`.
public enum BeatEvent: Sendable, Equatable {
  case tempo(beat: Rational, beatsPerMinute: Rational)
  /// A bar of `numerator` notes of 1/`denominator` starts here (a time signature).
  case meter(beat: Rational, numerator: Int, denominator: Int)
  case tap(beat: Rational, key: String, gain: Rational)

  var beat: Rational {
    switch self {
    case .tempo(let beat, _), .meter(let beat, _, _), .tap(let beat, _, _): beat
    }
  }

  /// Tempo and meter first among equal beats, so a tap at a change sounds at the new tempo.
  var rank: Int {
    if case .tap = self { 1 } else { 0 }
  }
}

/// The song as score text whose taps are exactly the song's: lengths in beats as exact
/// decimals or fractions, chords joined with `+`, a `tempo` line where the tempo changes, a
/// `meter` line where the meter does (4/4 until one says otherwise) and one bar per line, ended
/// by a bar line `|` where it ends on the bar lines the score text will check.
public func scoreText(_ song: BeatSong) -> String {
  var writer = ScoreTextWriter()
  if let title = song.title, !title.isEmpty {
    writer.lines.append("title \(title.filter { $0 != "\n" && $0 != "\r" })")
  }
  let events = song.events.enumerated().sorted {
    ($0.element.beat, $0.element.rank, $0.offset) < ($1.element.beat, $1.element.rank, $1.offset)
  }.map(\.element)
  var index = 0
  while index < events.count {
    let event = events[index]
    switch event {
    case .tempo(let beat, let bpm):
      writer.move(to: beat)
      writer.directive("tempo \(number(bpm))")
      index += 1
    case .meter(let beat, let numerator, let denominator):
      writer.move(to: beat)
      let meter = MeterChange(time: .zero, numerator: numerator, denominator: denominator)
      // A meter a score cannot state (over 64 notes, or notes shorter than 1/64) only breaks
      // the lines.
      if (numerator, denominator) != writer.meter, (1...64).contains(numerator),
        (1...64).contains(denominator)
      {
        writer.directive("meter \(numerator)/\(denominator)")
        writer.meter = (numerator, denominator)
        writer.checkedBars = (beat, meter.beatsPerBar)
      }
      writer.startBar(at: beat, beatsPerBar: meter.beatsPerBar)
      index += 1
    case .tap(let beat, _, _):
      var chord: [(String, Rational)] = []
      while index < events.count, case .tap(let other, let key, let gain) = events[index],
        other == beat
      {
        chord.append((key, gain))
        index += 1
      }
      let next = index < events.count ? events[index].beat : max(song.endBeat, beat)
      writer.move(to: beat)
      writer.chord(chord, length: next.subtracting(beat) ?? .zero)
    }
  }
  writer.endLine()
  return writer.lines.joined(separator: "\n") + "\n"
}

/// The text being written, with the cursor (in beats) and the bar it is in.
private struct ScoreTextWriter {
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

  /// Rests up to `beat`, breaking lines at bar lines.
  mutating func move(to beat: Rational) {
    guard cursor < beat, let gap = beat.subtracting(cursor) else { return }
    line.append(gap == .one ? "." : ".:\(number(gap))")
    cursor = beat
    breakAtBars()
  }

  mutating func chord(_ keys: [(String, Rational)], length: Rational) {
    let lengthText = length == .one ? "" : ":\(number(length))"
    if keys.allSatisfy({ $0.1 == keys[0].1 }) {
      let gain = keys[0].1 == .one ? "" : "*\(number(keys[0].1))"
      line.append(keys.map(\.0).joined(separator: "+") + lengthText + gain)
    } else {
      // A chord's suffixes apply to all its keys: differing gains sound together by length 0.
      for (offset, (key, gain)) in keys.enumerated() {
        let gainText = gain == .one ? "" : "*\(number(gain))"
        line.append(key + (offset == keys.count - 1 ? lengthText : ":0") + gainText)
      }
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

/// A number as the score language reads it back exactly: a decimal of at most six places
/// where there is one, else a fraction.
func number(_ value: Rational) -> String {
  var denominator = value.denominator
  var places = 0
  while denominator % 10 == 0 || denominator % 2 == 0 || denominator % 5 == 0 {
    if denominator % 10 == 0 {
      denominator /= 10
    } else if denominator % 2 == 0 {
      denominator /= 2
    } else {
      denominator /= 5
    }
    places += 1
    if places > 6 { break }
  }
  guard denominator == 1, places <= 6 else { return value.description }
  var text = value.decimalString(places: places)
  if text.contains(".") {
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
  }
  return text
}
