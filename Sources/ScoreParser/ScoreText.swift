/// A song on a beat grid, to be written as score text: what `convert` makes of a MIDI file.
public struct BeatSong: Sendable {
  public var title: String?
  /// Events at their beat positions; written in beat order (tempo and meter before taps at the
  /// same beat, taps in the given order).
  public var events: [BeatEvent]
  /// Where the song ends, in beats: the last taps' length reaches it.
  public var endBeat: Rational
  /// The names of the parts taps are in (`BeatEvent.tap`'s `part` indexes it): a MIDI file's
  /// tracks, MusicXML's parts, ABC's voices.
  public var parts: [String]

  public init(
    title: String? = nil, events: [BeatEvent], endBeat: Rational, parts: [String] = []
  ) {
    self.title = title
    self.events = events
    self.endBeat = endBeat
    self.parts = parts
  }
}

/// Something that happens at a beat of a `BeatSong`.
public enum BeatEvent: Sendable, Equatable {
  case tempo(beat: Rational, beatsPerMinute: Rational)
  /// A bar of `numerator` notes of 1/`denominator` starts here (a time signature).
  case meter(beat: Rational, numerator: Int, denominator: Int)
  /// A key struck at a linear gain, in part `part` of `BeatSong.parts`.
  case tap(beat: Rational, key: String, gain: Rational, part: Int = 0)

  var beat: Rational {
    switch self {
    case .tempo(let beat, _), .meter(let beat, _, _), .tap(let beat, _, _, _): beat
    }
  }

  /// Tempo and meter first among equal beats, so a tap at a change sounds at the new tempo.
  var rank: Int {
    if case .tap = self { 1 } else { 0 }
  }

  /// The part a tap is in; `nil` for a tempo or a meter.
  var part: Int? {
    if case .tap(_, _, _, let part) = self { part } else { nil }
  }
}

/// The song as score text whose taps are exactly the song's, written for a musician to read:
/// lengths in beats as exact decimals or fractions, chords joined with `+`, a `tempo` line
/// where the tempo changes, a `meter` line where the meter does (4/4 until one says otherwise),
/// one bar per line, ended by a bar line `|` where it ends on the bar lines the score text
/// will check, and a `gain` line with the most common gain so that only taps that differ carry
/// a `*GAIN`.
///
/// A song of several parts that keeps one tempo and one meter is written part by part, each a
/// `voice` from time 0 with its own `gain`, so each line is one part's bar; otherwise the parts
/// are written together, a bar's taps in time order.
public func scoreText(_ song: BeatSong) -> String {
  var lines: [String] = []
  if let title = song.title, !title.isEmpty {
    lines.append("title \(title.filter { $0 != "\n" && $0 != "\r" })")
  }
  let events = song.events.enumerated().sorted {
    ($0.element.beat, $0.element.rank, $0.offset) < ($1.element.beat, $1.element.rank, $1.offset)
  }.map(\.element)
  var parts: [Int] = []
  for part in events.compactMap(\.part) where !parts.contains(part) { parts.append(part) }
  parts.sort()
  var tempos = Set<Rational>()
  var meters = Set<[Int]>()
  for event in events {
    switch event {
    case .tempo(_, let bpm): tempos.insert(bpm)
    case .meter(_, let numerator, let denominator): meters.insert([numerator, denominator])
    case .tap: break
    }
  }
  var gain = Rational.one
  guard parts.count > 1, tempos.count <= 1, meters.count <= 1 else {
    var writer = ScoreTextWriter(gain: gain)
    writer.write(events, endBeat: song.endBeat)
    return (lines + writer.lines).joined(separator: "\n") + "\n"
  }
  let names = voiceNames(song.parts, count: (parts.last ?? 0) + 1)
  for (index, part) in parts.enumerated() {
    lines.append("voice \(names[part])")
    // The tempo carries on from the first part; a timestamp forgets the bar grid, which the
    // part's own `meter` line (its writer's first) sets again.
    if index > 0 { lines.append("0") }
    var writer = ScoreTextWriter(gain: gain)
    writer.write(
      events.filter { $0.part == part || $0.part == nil && (index == 0 || !$0.isTempo) },
      endBeat: song.endBeat)
    lines += writer.lines
    gain = writer.gain
  }
  return lines.joined(separator: "\n") + "\n"
}

extension BeatEvent {
  fileprivate var isTempo: Bool {
    if case .tempo = self { true } else { false }
  }
}

/// A `voice` name for each part: the part's own, on one line and without a `#` that would
/// start a comment, else `part N`; a name taken already gets its part's number.
private func voiceNames(_ names: [String], count: Int) -> [String] {
  var taken = Set<String>()
  return (0..<max(count, names.count)).map { index in
    var name = index < names.count ? names[index] : ""
    name = String(name.map { $0.isNewline || $0 == "#" ? " " : $0 })
    name = name.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    if name.isEmpty { name = "part \(index + 1)" }
    if !taken.insert(name).inserted { name += " \(index + 1)" }
    taken.insert(name)
    return name
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
