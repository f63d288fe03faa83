import ScoreParser

extension MusicXMLPartReader {
  /// `<direction>`: a tempo (its `<sound tempo>`, else its `<metronome>`), a dynamics level
  /// (its `<sound dynamics>`, else its `<dynamics>` mark) and jumps (its `<sound>`), at the
  /// cursor, moved by an `<offset sound="yes">` (an offset without it only moves the print).
  mutating func readDirection(
    _ direction: XMLElement, at cursor: Rational, ignored: inout MusicXMLIgnored
  ) throws(NotationError) {
    var position = cursor
    if let offset = direction.child("offset"), offset.attribute("sound") == "yes",
      let divisions, let value = MusicXMLNumber.decimal(offset.text),
      let shift = value.divided(by: divisions), let moved = cursor.adding(shift)
    {
      position = moved < .zero ? .zero : moved
    }
    let sound = direction.child("sound")
    let types = direction.children("direction-type").flatMap(\.children)
    var tempoSet = false
    var levelSet = false
    if let sound {
      (tempoSet, levelSet) = try readSound(sound, at: position, ignored: &ignored)
    }
    for type in types {
      switch type.name {
      case "metronome" where !tempoSet:
        if let tempo = metronomeTempo(type) {
          measure.events.append(WrittenEvent(position: position, channel: 1, kind: .tempo(tempo)))
          tempoSet = true
        } else {
          ignored.note(.unreadableTempo, type.childText("per-minute") ?? "metronome")
        }
      case "dynamics":
        for mark in type.children {
          let name = mark.name == "other-dynamics" ? trimmed(mark.text) : mark.name
          if let velocity = MusicXMLDynamics.velocity(ofMark: name) {
            if !levelSet {
              measure.events.append(
                WrittenEvent(position: position, channel: 1, kind: .dynamics(velocity)))
              levelSet = true
            }
          } else {
            ignored.note(.otherDynamics, name)
          }
        }
      case "wedge" where type.attribute("type") != "stop": ignored.note(.wedge)
      case "segno", "coda":
        if !hasJump(sound) { ignored.note(.printedJump, type.name) }
      case "words":
        if !hasJump(sound), let jump = printedJump(type.text) { ignored.note(.printedJump, jump) }
      default: break
      }
    }
  }

  /// `<sound>`: tempo, dynamics and jumps; whether it set the tempo and the dynamics level.
  @discardableResult
  mutating func readSound(
    _ sound: XMLElement, at position: Rational, ignored: inout MusicXMLIgnored
  )
    throws(NotationError) -> (tempo: Bool, dynamics: Bool)
  {
    var result = (tempo: false, dynamics: false)
    if let text = sound.attribute("tempo") {
      if let tempo = MusicXMLNumber.decimal(text), tempo > .zero {
        measure.events.append(WrittenEvent(position: position, channel: 1, kind: .tempo(tempo)))
        result.tempo = true
      } else {
        ignored.note(.unreadableTempo, text)
      }
    }
    if let text = sound.attribute("dynamics"), let percent = MusicXMLNumber.decimal(text),
      !(percent < .zero)
    {
      let velocity = MusicXMLDynamics.velocity(ofPercent: percent)
      measure.events.append(WrittenEvent(position: position, channel: 1, kind: .dynamics(velocity)))
      result.dynamics = true
    }
    if let value = sound.attribute("segno") { measure.marks.segnos.append(value) }
    if let value = sound.attribute("coda") { measure.marks.codas.append(value) }
    if let value = sound.attribute("dalsegno") { measure.marks.dalSegno.append(value) }
    if let value = sound.attribute("tocoda") { measure.marks.toCoda.append(value) }
    if sound.attribute("dacapo") == "yes" { measure.marks.daCapo = true }
    if sound.attribute("fine") != nil { measure.marks.fine = true }
    if sound.attribute("forward-repeat") == "yes" { measure.marks.forwardRepeat = true }
    return result
  }

  /// `<barline>`: repeats and endings.
  mutating func readBarline(_ barline: XMLElement) {
    if let repeatMark = barline.child("repeat") {
      switch repeatMark.attribute("direction") {
      case "forward": measure.marks.forwardRepeat = true
      case "backward":
        let times = repeatMark.attribute("times").flatMap(MusicXMLNumber.integer) ?? 2
        measure.marks.backwardRepeatTimes = max(1, min(times, 10_000))
      default: break
      }
    }
    if let ending = barline.child("ending") {
      switch ending.attribute("type") {
      case "start": measure.marks.endingNumbers = endingNumbers(ending.attribute("number") ?? "")
      case "stop", "discontinue": measure.marks.endingStops = true
      default: break
      }
    }
  }

  /// The quarter notes a minute of `<metronome>`: `<per-minute>` beats of `<beat-unit>` (with
  /// its dots); `nil` for a metric modulation or a text such as 'c. 120'.
  private func metronomeTempo(_ metronome: XMLElement) -> Rational? {
    let units: [String: Rational] = [
      "long": Rational(16), "breve": Rational(8), "whole": Rational(4), "half": Rational(2),
      "quarter": Rational(1), "eighth": Rational(1, 2) ?? .one, "16th": Rational(1, 4) ?? .one,
      "32nd": Rational(1, 8) ?? .one, "64th": Rational(1, 16) ?? .one,
    ]
    guard metronome.children("beat-unit").count == 1,
      let unit = metronome.childText("beat-unit").flatMap({ units[$0] }),
      let perMinute = metronome.childText("per-minute").flatMap(MusicXMLNumber.decimal),
      perMinute > .zero
    else { return nil }
    var length = unit
    var dot = unit
    for _ in metronome.children("beat-unit-dot") {
      guard let half = dot.divided(by: Rational(2)), let sum = length.adding(half) else {
        return nil
      }
      dot = half
      length = sum
    }
    return perMinute.multiplied(by: length)
  }

  /// Whether a `<sound>` carries a jump or its target.
  private func hasJump(_ sound: XMLElement?) -> Bool {
    guard let sound else { return false }
    return ["dacapo", "dalsegno", "segno", "coda", "tocoda", "fine"].contains {
      sound.attribute($0) != nil
    }
  }

  /// The text, if it is one of the printed jumps (D.C., D.S., Fine, Coda, To Coda, Da Capo,
  /// Dal Segno, any case, dots and spaces ignored).
  private func printedJump(_ text: String) -> String? {
    let letters = text.lowercased().filter { $0.isLetter }
    let jumps = ["dc", "ds", "dacapo", "dalsegno", "fine", "coda", "tocoda"]
    guard jumps.contains(where: { letters.hasPrefix($0) }) else { return nil }
    // 'dc', 'ds' only as initials: 'D.C. al Fine', not 'dscherzando'.
    if letters.hasPrefix("d"), !letters.hasPrefix("da"), !text.contains(".") { return nil }
    return trimmed(text)
  }

  /// An ending's numbers: `1`, `1, 2`, `1-3` (a range), `1.` (a printed dot).
  private func endingNumbers(_ text: String) -> [Int] {
    var numbers: [Int] = []
    for item in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
      let bounds = item.split(separator: "-").map { Int($0.filter(\.isNumber)) }
      if bounds.count == 2, let low = bounds[0], let high = bounds[1], low <= high,
        high - low < 100
      {
        numbers += Array(low...high)
      } else if bounds.count == 1, let number = bounds[0] {
        numbers.append(number)
      }
    }
    return numbers
  }
}
