import ScoreParser

/// One part read measure by measure: the time cursor (`<duration>` over the current
/// `<divisions>`, `<backup>`, `<forward>`, `<chord/>`), voices as channels, pitches as sounding
/// (`<transpose>`), grace notes grouped with their note. Partwise files give it a part's
/// measures in a row; timewise files one measure of each part in turn.
struct MusicXMLPartReader {
  private(set) var part: WrittenPart
  let place: XMLSourcePlace
  /// Divisions of a quarter note, from the last `<divisions>`.
  var divisions: Rational?
  /// Semitones from written to sounding pitch, and the octave a `<double/>` adds.
  var transpose = 0
  var doubling: Int?
  private var channels: [String: Int] = [:]
  var measure = WrittenMeasure()
  private var measureIndex = 0
  /// Where the next note starts, and where the last note not in a chord started.
  private var cursor = Rational.zero
  private var chordStart = Rational.zero
  /// Grace notes waiting for the note they lead to, by channel: indices into the events.
  private var pendingGraces: [Int: [Int]] = [:]

  init(id: String, name: String, place: XMLSourcePlace) {
    part = WrittenPart(id: id, name: name)
    self.place = place
  }

  /// Starts measure `index` (0-based, counted in the document for every part alike).
  mutating func beginMeasure(index: Int) {
    measureIndex = index
    measure = WrittenMeasure()
    cursor = .zero
    chordStart = .zero
    pendingGraces = [:]
  }

  /// Ends the measure: grace notes still waiting lead to its end; events in time order.
  mutating func endMeasure() {
    for channel in pendingGraces.keys.sorted() { finishGraces(channel, at: nil) }
    measure.events = measure.events.enumerated().sorted {
      ($0.element.position, $0.element.kind.rank, $0.offset)
        < ($1.element.position, $1.element.kind.rank, $1.offset)
    }.map(\.element)
    while part.measures.count < measureIndex { part.measures.append(WrittenMeasure()) }
    if part.measures.count == measureIndex {
      part.measures.append(measure)
    } else {
      // The same measure twice (a timewise file naming a part again): its events join.
      part.measures[measureIndex].events += measure.events
      part.measures[measureIndex].contentEnd = max(
        part.measures[measureIndex].contentEnd, measure.contentEnd)
      part.measures[measureIndex].marks.merge(measure.marks)
    }
  }

  /// Reads one element of the measure: a note, rest, backup, forward, attributes, direction,
  /// sound or barline; anything else is passed over (chord symbols counted).
  mutating func read(_ element: XMLElement, ignored: inout MusicXMLIgnored) throws(NotationError) {
    switch element.name {
    case "note": try readNote(element, ignored: &ignored)
    case "backup":
      let length = try duration(of: element)
      if let back = cursor.subtracting(length), !(back < .zero) {
        cursor = back
      } else {
        ignored.note(.backupPastStart)
        cursor = .zero
      }
    case "forward":
      let start = cursor
      cursor = try advanced(cursor, by: try duration(of: element), element)
      measure.contentEnd = max(measure.contentEnd, cursor)
      if let voice = element.childText("voice") {
        let channel = self.channel(voice, ignored: &ignored)
        finishGraces(channel, at: start)
        measure.events.append(WrittenEvent(position: start, channel: channel, kind: .rest))
      }
    case "attributes": try readAttributes(element)
    case "direction": try readDirection(element, at: cursor, ignored: &ignored)
    case "sound": try readSound(element, at: cursor, ignored: &ignored)
    case "barline": readBarline(element)
    case "harmony": ignored.note(.harmony)
    case "figured-bass": ignored.note(.figuredBass)
    default: break
    }
  }

  private mutating func readNote(_ note: XMLElement, ignored: inout MusicXMLIgnored)
    throws(NotationError)
  {
    let isGrace = note.child("grace") != nil
    let isChord = note.child("chord") != nil
    let channel = self.channel(note.childText("voice"), ignored: &ignored)
    var start = cursor
    if !isGrace {
      let length = try duration(of: note)
      if isChord {
        start = chordStart
      } else {
        chordStart = cursor
        cursor = try advanced(cursor, by: length, note)
        measure.contentEnd = max(measure.contentEnd, cursor)
      }
    }
    if note.attribute("attack") != nil || note.attribute("release") != nil {
      ignored.note(.attack)
    }
    let isCue = note.child("cue") != nil
    let isUnpitched = note.child("unpitched") != nil
    if isCue { ignored.note(.cue) }
    if isUnpitched { ignored.note(.unpitched) }
    if isCue || isUnpitched || note.child("rest") != nil {
      if !isGrace && !isChord {
        finishGraces(channel, at: start)
        measure.events.append(WrittenEvent(position: start, channel: channel, kind: .rest))
      }
      return
    }
    guard let pitchElement = note.child("pitch") else {
      throw place.error(
        "a <note> with no <pitch>, <rest> or <unpitched>", line: note.line, element: "note")
    }
    let (written, flat) = try pitch(pitchElement, ignored: &ignored)
    countMarks(note, ignored: &ignored)
    let velocity = note.attribute("dynamics").flatMap(MusicXMLNumber.decimal).map {
      MusicXMLDynamics.velocity(ofPercent: $0)
    }
    let ties = note.children("tie").compactMap { $0.attribute("type") }
    if !isGrace && !isChord { finishGraces(channel, at: start) }
    let step = isGrace ? graceStep(channel, chord: isChord) : 0
    for pitch in [written] + (doubling.map { [written + $0] } ?? []) {
      guard (0...127).contains(pitch) else {
        ignored.note(.outOfRange)
        continue
      }
      if isGrace {
        pendingGraces[channel, default: []].append(measure.events.count)
        measure.events.append(
          WrittenEvent(
            position: start, channel: channel,
            kind: .grace(pitch: pitch, velocity: velocity, step: step, count: 0), flat: flat))
      } else {
        measure.events.append(
          WrittenEvent(
            position: start, channel: channel,
            kind: .note(
              pitch: pitch, velocity: velocity, tieStart: ties.contains("start"),
              tieStop: ties.contains("stop")), flat: flat))
      }
    }
  }

  /// The MIDI note `<pitch>` sounds: step, alter (rounded to a semitone), octave, transposed;
  /// and whether it is written flat. A transposing part's sounding pitch is spelled with sharps:
  /// its written accidentals belong to another key.
  private func pitch(_ element: XMLElement, ignored: inout MusicXMLIgnored) throws(NotationError)
    -> (note: Int, flat: Bool)
  {
    let steps: [String: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]
    let stepText = element.childText("step") ?? ""
    guard let step = steps[stepText] else {
      throw place.error(
        "<step> '\(shown(stepText))' is not a note name (A to G)",
        line: element.site(of: "step").line, element: element.site(of: "step").element)
    }
    guard let octaveText = element.childText("octave"),
      let octave = MusicXMLNumber.integer(octaveText), (0...9).contains(octave)
    else {
      throw place.error(
        "<octave> must be a whole number from 0 to 9", line: element.site(of: "octave").line,
        element: element.site(of: "octave").element)
    }
    var alter = 0
    if let text = element.childText("alter") {
      guard let value = MusicXMLNumber.decimal(text), let rounded = value.roundedToInteger else {
        throw place.error(
          "<alter> '\(shown(text))' is not a number of semitones",
          line: element.site(of: "alter").line, element: "alter")
      }
      // A double sharp is 2; past an octave is no spelling of a note but a broken file.
      guard (-12...12).contains(rounded) else {
        throw place.error(
          "<alter> '\(shown(text))' is past an octave: a note's alteration is -12 to 12 semitones",
          line: element.site(of: "alter").line, element: "alter")
      }
      if value.denominator != 1 { ignored.note(.microtone, text) }
      alter = rounded
    }
    return ((octave + 1) * 12 + step + alter + transpose, alter < 0 && transpose % 12 == 0)
  }

  /// Counts what a note's notations ask for that is not played.
  private func countMarks(_ note: XMLElement, ignored: inout MusicXMLIgnored) {
    let tieStarts = note.children("tie").contains { $0.attribute("type") == "start" }
    for notations in note.children("notations") {
      for mark in notations.children {
        switch mark.name {
        case "ornaments":
          for ornament in mark.children where ornament.name != "accidental-mark" {
            ignored.note(.ornament, ornament.name)
          }
        case "arpeggiate", "non-arpeggiate": ignored.note(.arpeggio)
        case "tied" where mark.attribute("type") == "start" && !tieStarts:
          ignored.note(.tiedWithoutTie)
        default: break
        }
      }
    }
  }

  /// The channel of a voice: 1 to 9, then 11 to 16, in the order voices first appear (10 is
  /// MIDI's drums); voices past the 15th share 16.
  private mutating func channel(_ voice: String?, ignored: inout MusicXMLIgnored) -> Int {
    let name = voice.map(trimmed).flatMap { $0.isEmpty ? nil : $0 } ?? "1"
    if let channel = channels[name] { return channel }
    let count = channels.count
    if count >= 15 { ignored.note(.extraVoices) }
    let channel = count < 9 ? count + 1 : min(16, count + 2)
    channels[name] = channel
    return channel
  }

  /// The step of a new grace note in `channel`: the last one's for a grace chord, else next.
  private func graceStep(_ channel: Int, chord: Bool) -> Int {
    guard let last = pendingGraces[channel]?.last,
      case .grace(_, _, let step, _) = measure.events[last].kind
    else { return 0 }
    return chord ? step : step + 1
  }

  /// The grace notes waiting in `channel` lead to the note at `position` (`nil`: where they
  /// are, the measure's end): each learns how many steps its group has.
  private mutating func finishGraces(_ channel: Int, at position: Rational?) {
    guard let waiting = pendingGraces.removeValue(forKey: channel) else { return }
    var steps = 0
    for index in waiting {
      if case .grace(_, _, let step, _) = measure.events[index].kind {
        steps = max(steps, step + 1)
      }
    }
    for index in waiting {
      guard case .grace(let pitch, let velocity, let step, _) = measure.events[index].kind else {
        continue
      }
      measure.events[index].kind = .grace(
        pitch: pitch, velocity: velocity, step: step, count: steps)
      if let position { measure.events[index].position = position }
    }
  }
}
