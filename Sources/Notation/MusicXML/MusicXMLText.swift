import AudioBasics
import ScoreParser

/// The text of a MusicXML document, written element by element: the header and part list,
/// then each part's bars of notes, rests and tempo marks, in durations of `divisions` a beat.
struct MusicXMLText {
  private(set) var text = ""
  /// Divisions of a quarter note: every position written is a whole number of them.
  let divisions: Int64

  init(divisions: Int64) {
    self.divisions = divisions
  }

  mutating func header(title: String?) {
    line(0, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>")
    line(0, "<score-partwise version=\"4.0\">")
    if let title, !title.isEmpty {
      line(1, "<work><work-title>\(escaped(title))</work-title></work>")
    }
    line(
      1, "<identification><encoding><software>xylo-render</software></encoding></identification>")
  }

  /// One `score-part` a part name: a xylophone (General MIDI program 14) each.
  mutating func partList(_ names: [String]) {
    line(1, "<part-list>")
    for (index, name) in names.enumerated() {
      let id = "P\(index + 1)"
      line(2, "<score-part id=\"\(id)\">")
      line(3, "<part-name>\(escaped(name))</part-name>")
      line(
        3,
        "<score-instrument id=\"\(id)-I1\"><instrument-name>Xylophone</instrument-name></score-instrument>"
      )
      line(
        3,
        "<midi-instrument id=\"\(id)-I1\"><midi-channel>\(index % 15 + 1)</midi-channel><midi-program>14</midi-program></midi-instrument>"
      )
      line(2, "</score-part>")
    }
    line(1, "</part-list>")
  }

  /// The part's bars: each event lasts until the next (the last until the end of the bars),
  /// cut at bar lines and tempo changes into tied notes; rests where nothing sounds.
  mutating func part(
    number: Int, bars: [Bar], events: [ChordEvent],
    tempos: [(beat: Rational, beatsPerMinute: Rational)]
  ) {
    line(1, "<part id=\"P\(number)\">")
    let end = bars.last?.end ?? .zero
    var next = 0
    var previous: Bar?
    for (index, bar) in bars.enumerated() {
      line(2, "<measure number=\"\(index + 1)\">")
      attributes(bar, first: index == 0, previous: previous)
      previous = bar
      // Where something starts or stops within the bar: events, tempo marks, the bar's end.
      var cuts = Set([bar.start, bar.end])
      for event in events where bar.start < event.beat && event.beat < bar.end {
        cuts.insert(event.beat)
      }
      let marks = tempos.filter { !($0.beat < bar.start) && $0.beat < bar.end }
      for mark in marks { cuts.insert(mark.beat) }
      let points = cuts.sorted()
      for (start, stop) in zip(points, points.dropFirst()) {
        for mark in marks where mark.beat == start { tempo(mark.beatsPerMinute) }
        while next < events.count, !(start < events[next].beat) { next += 1 }
        // The event sounding from `start`: the last one at or before it.
        guard next > 0 else {
          rest(
            length: stop.subtracting(start) ?? .zero,
            wholeBar: start == bar.start && stop == bar.end)
          continue
        }
        let event = events[next - 1]
        let eventEnd = next < events.count ? events[next].beat : end
        notes(
          event, length: stop.subtracting(start) ?? .zero, continues: start != event.beat,
          goesOn: stop < eventEnd)
      }
      line(2, "</measure>")
    }
    line(1, "</part>")
  }

  mutating func close() {
    line(0, "</score-partwise>")
  }

  /// The bar's attributes where they start or change: divisions, key and clef in the first bar,
  /// the time signature there and wherever the meter changes.
  private mutating func attributes(_ bar: Bar, first: Bool, previous: Bar?) {
    let meterChanges =
      previous.map { ($0.numerator, $0.denominator) != (bar.numerator, bar.denominator) } ?? true
    guard first || meterChanges else { return }
    var parts: [String] = []
    if first { parts += ["<divisions>\(divisions)</divisions>", "<key><fifths>0</fifths></key>"] }
    if meterChanges {
      parts.append(
        "<time><beats>\(bar.numerator)</beats><beat-type>\(bar.denominator)</beat-type></time>")
    }
    if first { parts.append("<clef><sign>G</sign><line>2</line></clef>") }
    line(3, "<attributes>" + parts.joined() + "</attributes>")
  }

  /// A metronome mark and the tempo it sets, in quarter notes a minute.
  private mutating func tempo(_ beatsPerMinute: Rational) {
    let value = decimal(beatsPerMinute)
    line(
      3,
      "<direction placement=\"above\"><direction-type><metronome><beat-unit>quarter</beat-unit><per-minute>\(value)</per-minute></metronome></direction-type><sound tempo=\"\(value)\"/></direction>"
    )
  }

  private mutating func rest(length: Rational, wholeBar: Bool) {
    if wholeBar {
      line(
        3,
        "<note><rest measure=\"yes\"/><duration>\(duration(length))</duration><voice>1</voice></note>"
      )
      return
    }
    for value in noteValues(length) {
      line(
        3,
        "<note><rest/><duration>\(duration(value))</duration><voice>1</voice>\(typeText(value))</note>"
      )
    }
  }

  /// The chord's notes for `length` beats, tied to what comes before (`continues`) and after
  /// (`goesOn`), split into written values tied together.
  private mutating func notes(_ event: ChordEvent, length: Rational, continues: Bool, goesOn: Bool)
  {
    let values = noteValues(length)
    for (index, value) in values.enumerated() {
      let stops = continues || index > 0
      let starts = goesOn || index < values.count - 1
      for (position, note) in event.notes.enumerated() {
        var ties = ""
        var tied = ""
        if stops {
          ties += "<tie type=\"stop\"/>"
          tied += "<tied type=\"stop\"/>"
        }
        if starts {
          ties += "<tie type=\"start\"/>"
          tied += "<tied type=\"start\"/>"
        }
        // Gain as percent of forte (MIDI velocity 90); a tied continuation is not struck.
        let dynamics = decimal(
          Rational(Int64((note.gain * 127 / 90 * 10_000).rounded()), 100) ?? .zero)
        line(
          3,
          "<note dynamics=\"\(dynamics)\">\(position > 0 ? "<chord/>" : "")\(pitch(note.note, flat: note.flat))<duration>\(duration(value))</duration>\(ties)<voice>1</voice>\(typeText(value))\(tied.isEmpty ? "" : "<notations>\(tied)</notations>")</note>"
        )
      }
    }
  }

  private func duration(_ beats: Rational) -> Int64 {
    beats.numerator * (divisions / beats.denominator)
  }

  private mutating func line(_ depth: Int, _ content: String) {
    text += String(repeating: "  ", count: depth) + content + "\n"
  }
}

/// `length` beats as written note values: one (dotted) value where it is one, else the largest
/// power-of-two values first, to be tied; a length whose denominator is no power of two (a
/// triplet's) is one note of that length with no written type.
func noteValues(_ length: Rational) -> [Rational] {
  guard length > .zero else { return [] }
  let denominator = length.denominator
  guard denominator & (denominator - 1) == 0 else { return [length] }
  if writtenType(length) != nil { return [length] }
  var values: [Rational] = []
  var remaining = length
  var value = Rational(8)
  while remaining > .zero, values.count < 64 {
    while remaining < value, let half = value.divided(by: Rational(2)) { value = half }
    values.append(value)
    remaining = remaining.subtracting(value) ?? .zero
  }
  return values
}

/// The written type and dots of a value in beats: breve (8) to 256th, plain, dotted (×1.5) or
/// double-dotted (×1.75); `nil` for anything else.
func writtenType(_ value: Rational) -> (type: String, dots: Int)? {
  let types: [(Rational, String)] =
    [
      (Rational(8), "breve"), (Rational(4), "whole"), (Rational(2), "half"),
      (Rational(1), "quarter"),
    ]
    + ["eighth", "16th", "32nd", "64th", "128th", "256th"].enumerated().compactMap { index, name in
      Rational(1, Int64(2) << index).map { ($0, name) }
    }
  for (base, name) in types {
    if value == base { return (name, 0) }
    if value == base.multiplied(by: Rational(3, 2) ?? .one) { return (name, 1) }
    if value == base.multiplied(by: Rational(7, 4) ?? .one) { return (name, 2) }
  }
  return nil
}

/// `<type>` and `<dot/>`s of a value, or nothing for a value with no written type.
private func typeText(_ value: Rational) -> String {
  guard let (type, dots) = writtenType(value) else { return "" }
  return "<type>\(type)</type>" + String(repeating: "<dot/>", count: dots)
}

/// `<pitch>` of a MIDI note, sharps for the black keys (61 is C#4), or flats where `flat` asks
/// (70 is Bb4).
private func pitch(_ note: Int, flat: Bool) -> String {
  let name = NoteName.name(of: note, flat: flat)
  let step = name.prefix(1)
  let alter = name.dropFirst().first.map { $0 == "#" ? 1 : $0 == "b" ? -1 : 0 } ?? 0
  return
    "<pitch><step>\(step)</step>\(alter == 0 ? "" : "<alter>\(alter)</alter>")<octave>\(note / 12 - 1)</octave></pitch>"
}

/// A number as a decimal: exactly when it is one within 6 places, else rounded to 6.
private func decimal(_ value: Rational) -> String {
  var text = value.decimalString(places: 6)
  if text.contains(".") {
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
  }
  return text
}

/// Text with XML's five special characters escaped, and control characters (which XML 1.0
/// cannot hold) left out.
func escaped(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    case "'": result += "&apos;"
    case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
    default:
      if scalar.value >= 0x20 && !(0xFFFE...0xFFFF).contains(scalar.value) {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result
}
