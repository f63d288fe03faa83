import ScoreParser

extension MusicXMLPartReader {
  /// `<attributes>`: divisions, the time signature, transposition.
  mutating func readAttributes(_ element: XMLElement) throws(NotationError) {
    if let text = element.childText("divisions") {
      guard let value = MusicXMLNumber.decimal(text), value > .zero else {
        throw place.error(
          "<divisions> '\(shown(text))' is not a positive number", line: element.line,
          element: "divisions")
      }
      divisions = value
    }
    if let time = element.child("time"), measure.meter == nil {
      let beats = time.children("beats").map { trimmed($0.text) }
      let types = time.children("beat-type").compactMap { MusicXMLNumber.integer($0.text) }
      if beats.count == 1, types.count == 1, let type = types.first,
        [1, 2, 4, 8, 16, 32, 64].contains(type)
      {
        let parts = beats[0].split(separator: "+").map { MusicXMLNumber.integer(String($0)) }
        let total = parts.reduce(0) { $0 + ($1 ?? 1_000) }
        if (1...255).contains(total) { measure.meter = (total, type) }
      }
    }
    if let shift = element.children("transpose").first(where: {
      ($0.attribute("number") ?? "1") == "1"
    }) {
      let chromatic =
        shift.childText("chromatic").flatMap(MusicXMLNumber.decimal)?
        .roundedToInteger ?? 0
      let octaves = shift.childText("octave-change").flatMap(MusicXMLNumber.integer) ?? 0
      transpose = max(-96, min(96, chromatic)) + 12 * max(-8, min(8, octaves))
      doubling = shift.child("double").map { $0.attribute("above") == "yes" ? 12 : -12 }
    }
  }

  /// The `<duration>` of `element` in quarter notes.
  func duration(of element: XMLElement) throws(NotationError) -> Rational {
    guard let text = element.childText("duration") else {
      throw place.error(
        "<\(element.name)> has no <duration>", line: element.line, element: element.name)
    }
    let site = element.site(of: "duration")
    guard let divisions else {
      throw place.error(
        "a <duration> before any <divisions>; the part's first <attributes> must say how many divisions a quarter note has",
        line: site.line, element: site.element)
    }
    guard let value = MusicXMLNumber.decimal(text), !(value < .zero),
      let quarters = value.divided(by: divisions)
    else {
      throw place.error(
        "<duration> '\(shown(text))' is not a length this reader can hold", line: site.line,
        element: site.element)
    }
    return quarters
  }

  /// `position` moved on by `length`; an error at `element` when that overflows.
  func advanced(_ position: Rational, by length: Rational, _ element: XMLElement)
    throws(NotationError) -> Rational
  {
    guard let result = position.adding(length), result < Rational(1 << 40) else {
      throw place.error(
        "the measure's times overflow exact arithmetic", line: element.line, element: element.name)
    }
    return result
  }
}
