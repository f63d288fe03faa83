import Foundation
import MIDIFile
import Notation
import ScoreParser
import Testing

/// Time in MusicXML: durations over divisions, the cursor, chords, ties, grace notes.
@Suite struct MusicXMLTimingTests {
  @Test func durationsOverDivisionsPlaceTripletsExactly() throws {
    let text = score(
      [note("C4", 1) + note("D4", 1) + note("E4", 1) + note("F4", 3)], divisions: 3)
    #expect(try heard(text).map(\.quarter) == [q(0), q(1, 3), q(2, 3), q(1)])
  }

  @Test func divisionsChangingMidPartTimeWhatFollows() throws {
    let text = score(
      [
        note("C4", 2) + note("D4", 2),
        "<attributes><divisions>3</divisions></attributes>" + note("E4", 1) + note("F4", 2),
      ], divisions: 2)
    #expect(try heard(text).map(\.quarter) == [q(0), q(1), q(2), q(7, 3)])
  }

  @Test func backupStartsAnotherVoiceAndForwardSkipsTime() throws {
    let text = score([
      note("C5", 2, "<voice>1</voice>") + note("D5", 2, "<voice>1</voice>")
        + "<backup><duration>4</duration></backup>"
        + "<forward><duration>1</duration><voice>2</voice></forward>"
        + note("E4", 1, "<voice>2</voice>") + note("F4", 2, "<voice>2</voice>")
    ])
    #expect(
      try heard(text) == [
        HeardNote(quarter: q(0), note: 72), HeardNote(quarter: q(1), channel: 2, note: 64),
        HeardNote(quarter: q(2), note: 74), HeardNote(quarter: q(2), channel: 2, note: 65),
      ])
  }

  @Test func aBackupPastTheMeasuresStartStopsThereWithAWarning() throws {
    let text = score([note("C4", 1) + "<backup><duration>4</duration></backup>" + note("E4", 1)])
    let read = try read(text)
    #expect(heard(read.song).map(\.quarter) == [q(0), q(0)])
    #expect(read.warnings == ["1 <backup> element going back past the measure's start stops there"])
  }

  @Test func chordNotesStartWithTheNoteBefore() throws {
    let text = score([
      note("C4", 2) + note("E4", 2, "<chord/>") + note("G4", 2, "<chord/>") + note("D4", 1)
    ])
    #expect(try heard(text).map(\.quarter) == [q(0), q(0), q(0), q(2)])
    #expect(try heard(text).map(\.note) == [60, 64, 67, 62])
  }

  @Test func tiedNotesAreStruckOnceAcrossBarLinesAndInChords() throws {
    let start = "<tie type=\"start\"/>"
    let stop = "<tie type=\"stop\"/>"
    let text = score([
      note("C4", 2) + note("G4", 2, start) + note("B4", 2, "<chord/>" + start),
      note("G4", 4, stop + start) + note("B4", 4, "<chord/>" + stop),
      note("G4", 1, stop) + note("G4", 1),
    ])
    #expect(try heard(text).map(\.quarter) == [q(0), q(2), q(2), q(9)])
  }

  @Test func aTieBetweenVoicesStillJoinsAndAUnisonInAnotherVoiceIsStruck() throws {
    // Voice 1 holds E4 tied into the next bar; voice 2 strikes E4 and ties it too.
    let start = "<tie type=\"start\"/>"
    let stop = "<tie type=\"stop\"/>"
    let text = score([
      note("E4", 4, start + "<voice>1</voice>") + "<backup><duration>4</duration></backup>"
        + note("E4", 4, start + "<voice>2</voice>"),
      note("E4", 4, stop + "<voice>1</voice>") + "<backup><duration>4</duration></backup>"
        + note("E4", 4, stop + "<voice>2</voice>"),
    ])
    #expect(try heard(text).map(\.quarter) == [q(0), q(0)])
  }

  @Test func restsCueNotesAndUnpitchedNotesTakeTimeSilently() throws {
    let unpitched =
      "<note><unpitched><display-step>C</display-step><display-octave>5</display-octave></unpitched><duration>1</duration></note>"
    let text = score([
      rest(1) + note("C4", 1, "<cue/>") + unpitched + note("D4", 1) + unpitched
    ])
    let read = try read(text)
    #expect(heard(read.song) == [HeardNote(quarter: q(3), note: 62)])
    #expect(
      read.warnings == [
        "2 <unpitched> notes (percussion) are not played",
        "1 <cue> note is silent, as MusicXML says",
      ])
  }

  @Test func graceNotesTakeASixteenthOfABeatEachFromTheNoteBefore() throws {
    let grace = "<grace/>"
    let text = score([
      note("C4", 1) + note("D4", nil, grace) + note("E4", nil, grace) + note("F4", 1)
        + note("G4", nil, grace) + note("B4", nil, grace + "<chord/>") + note("A4", 1)
    ])
    #expect(
      try heard(text).map { "\($0.quarter) \($0.note)" } == [
        "0 60", "7/8 62", "15/16 64", "1 65", "31/16 67", "31/16 71", "2 69",
      ])
  }

  @Test func graceNotesAtTheStartSoundWithTheirNote() throws {
    let text = score([note("D4", nil, "<grace/>") + note("C4", 1)])
    #expect(try heard(text).map(\.quarter) == [q(0), q(0)])
  }

  @Test func graceNotesShareAShortPreviousNoteEvenly() throws {
    // Four grace notes after a 1/8-beat note: 1/32 each, the first at the note's onset.
    let grace = "<grace/>"
    let text = score(
      [
        note("C4", 1) + note("D4", nil, grace) + note("E4", nil, grace) + note("F4", nil, grace)
          + note("G4", nil, grace) + note("A4", 7)
      ], divisions: 8)
    #expect(
      try heard(text).map(\.quarter) == [q(0), q(0), q(1, 32), q(2, 32), q(3, 32), q(1, 8)])
  }

  @Test func emptyMeasuresLastTheirTimeSignatureAndShortOnesTheirContent() throws {
    let time = "<attributes><time><beats>3</beats><beat-type>4</beat-type></time></attributes>"
    let text = score(
      [time + note("C4", 1), "", note("D4", 1)], header: "")
    // The first measure holds one beat (a pickup), the second is empty: three beats.
    #expect(try heard(text).map(\.quarter) == [q(0), q(4)])
  }

  @Test func measuresOfAllPartsStartTogetherAfterTheLongest() throws {
    let text = partwise([
      [note("C5", 4), note("D5", 1)],
      [note("C4", 3), note("D4", 1)],
    ])
    #expect(try heard(text).map(\.quarter) == [q(0), q(0), q(4), q(4)])
  }
}

/// Pitches, parts and voices, tempo and dynamics.
@Suite struct MusicXMLSoundTests {
  @Test func pitchesAreMIDINotesAndTransposingInstrumentsSoundAsWritten() throws {
    let clarinet =
      "<attributes><transpose><diatonic>-1</diatonic><chromatic>-2</chromatic></transpose></attributes>"
    let doubled =
      "<attributes><transpose><chromatic>0</chromatic><octave-change>1</octave-change><double/></transpose></attributes>"
    let text = score([
      note("C4", 1) + note("F#4", 1) + note("Bb3", 1),
      clarinet + note("D4", 1),
      doubled + note("C4", 1),
    ])
    #expect(try heard(text).map(\.note) == [60, 66, 58, 60, 60, 72])
  }

  @Test func microtonesAreRoundedWithAWarning() throws {
    let quarterSharp =
      "<note><pitch><step>C</step><alter>0.5</alter><octave>4</octave></pitch><duration>1</duration></note>"
    let read = try read(score([quarterSharp]))
    #expect(heard(read.song).map(\.note) == [61])
    #expect(read.warnings == ["1 <alter> value ('0.5') is rounded to the nearest semitone"])
  }

  @Test func anAlterationPastAnOctaveIsRefusedWhereItStands() throws {
    let wild =
      "<note><pitch><step>C</step><alter>99999999</alter><octave>4</octave></pitch><duration>1</duration></note>"
    do {
      _ = try read(score([wild]))
      Issue.record("an <alter> of 99999999 was read")
    } catch {
      #expect(
        error.message
          == "<alter> '99999999' is past an octave: a note's alteration is -12 to 12 semitones")
      #expect(error.line != nil)
    }
    // A double flat is an alteration.
    let doubleFlat =
      "<note><pitch><step>D</step><alter>-2</alter><octave>4</octave></pitch><duration>1</duration></note>"
    #expect(heard(try read(score([doubleFlat])).song).map(\.note) == [60])
  }

  @Test func partsAreTracksNamedByThePartListAndVoicesAreChannels() throws {
    var voices = ""
    for voice in 1...11 {
      voices +=
        note("C4", 1, "<voice>v\(voice)</voice>") + "<backup><duration>1</duration></backup>"
    }
    let read = try read(partwise([[note("C5", 1)], [voices]]))
    #expect(read.song.tracks.map(\.name) == ["One", "Two"])
    #expect(heard(read.song).map(\.channel) == [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12])
    #expect(heard(read.song).map(\.part) == [1] + Array(repeating: 2, count: 11))
  }

  @Test func theTitleIsTheWorksElseTheMovements() throws {
    let work = "<work><work-title>Op. 1</work-title></work><movement-title>I</movement-title>"
    #expect(try read(score([note("C4", 1)], header: work)).song.title == "Op. 1")
    let movement = "<movement-title>Allegro &amp; vivace</movement-title>"
    #expect(try read(score([note("C4", 1)], header: movement)).song.title == "Allegro & vivace")
  }

  @Test func soundTempoWinsOverTheMetronomeAndDecimalsAreExact() throws {
    let marks =
      "<direction><direction-type><metronome><beat-unit>quarter</beat-unit><per-minute>120</per-minute></metronome></direction-type><sound tempo=\"91.9998\"/></direction>"
    let song = try read(score([marks + note("C4", 1) + note("D4", 1)])).song
    // One quarter at 91.9998 a minute: 60 / 91.9998 s, exactly.
    let second = try song.seconds(atTick: Int64(song.ticksPerQuarter))
    #expect(second == Rational(600_000, 919_998))
  }

  @Test func aMetronomeAloneSetsTheTempoInQuarterNotes() throws {
    let dottedHalf =
      "<direction><direction-type><metronome><beat-unit>half</beat-unit><beat-unit-dot/><per-minute>40</per-minute></metronome></direction-type></direction>"
    let song = try read(score([dottedHalf + note("C4", 1) + note("D4", 1)])).song
    #expect(song.tempoChanges.map(\.beatsPerMinute) == [Rational(120)])
  }

  @Test func aTempoChangeMidMeasureTimesWhatFollows() throws {
    // 120 a minute until the first mark: a quarter lasts 1/2 s, then 1 s.
    let slower = "<sound tempo=\"60\"/>"
    let song = try read(score([note("C4", 1) + slower + note("D4", 1) + note("E4", 1)])).song
    let seconds = try song.notes.map { note throws in try song.seconds(atTick: note.tick) }
    #expect(seconds == [Rational(0), Rational(1, 2) ?? .zero, Rational(3, 2) ?? .zero])
  }

  @Test func dynamicsMarksSoundDynamicsAndTheNotesOwnAttributeSetVelocities() throws {
    func marked(_ mark: String) -> String {
      "<direction><direction-type><dynamics><\(mark)/></dynamics></direction-type></direction>"
    }
    let level = "<direction><sound dynamics=\"50\"/></direction>"
    let both =
      "<direction><direction-type><dynamics><ff/></dynamics></direction-type><sound dynamics=\"100\"/></direction>"
    let text = score([
      note("C4", 1) + marked("p") + note("D4", 1) + marked("fff") + note("E4", 1),
      level + note("F4", 1) + note("G4", 1, attributes: " dynamics=\"141.11\"") + both
        + note("A4", 1) + marked("sfz") + note("B4", 1),
    ])
    let read = try read(text)
    #expect(heard(read.song).map(\.velocity) == [80, 48, 127, 45, 127, 90, 90])
    #expect(read.warnings == ["1 dynamics mark ('sfz') does not change the velocity"])
  }

  @Test func whatIsNotPlayedIsListedOnceEach() throws {
    let harmony = "<harmony><root><root-step>C</root-step></root><kind>major</kind></harmony>"
    let trill = "<notations><ornaments><trill-mark/></ornaments></notations>"
    let wedge =
      "<direction><direction-type><wedge type=\"crescendo\"/></direction-type></direction>"
    let read = try read(
      score([harmony + note("C4", 1, trill) + harmony + wedge + note("D4", 1)]))
    #expect(
      read.warnings == [
        "2 <harmony> elements (chord symbols) are not played",
        "1 <wedge> element (crescendo and diminuendo hairpins) does not change the velocity",
        "1 ornament ('trill-mark') is played as the plain note",
      ])
  }

  @Test func timewiseScoresReadAsTheirPartwiseTwin() throws {
    let timewise = """
      <score-timewise version="4.0">
      <part-list><score-part id="A"><part-name>Top</part-name></score-part><score-part id="B"><part-name>Low</part-name></score-part></part-list>
      <measure number="1">
      <part id="A"><attributes><divisions>2</divisions></attributes>\(note("C5", 2))\(note("D5", 2))</part>
      <part id="B"><attributes><divisions>1</divisions></attributes>\(note("C3", 2))</part>
      </measure>
      <measure number="2"><part id="B">\(note("G2", 1))</part><part id="A">\(note("E5", 1))</part></measure>
      </score-timewise>
      """
    let partwiseText = partwise(
      [
        [note("C5", 2) + note("D5", 2), note("E5", 1)],
        ["<attributes><divisions>1</divisions></attributes>" + note("C3", 2), note("G2", 1)],
      ], divisions: 2)
    let read = try read(timewise)
    #expect(read.song.tracks.map(\.name) == ["Top", "Low"])
    #expect(heard(read.song) == (try heard(partwiseText)))
  }
}

/// The document as a whole: encodings, meters, errors with their line.
@Suite struct MusicXMLDocumentTests {
  @Test func utf16DocumentsReadAndTheirErrorsShowTheirLine() throws {
    let text = score([note("C4", 1) + "\n" + note("H4", 1)])
      .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
    let bytes = [UInt8]([0xFF, 0xFE]) + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    do {
      _ = try readNotation(bytes, format: .musicXML, path: "wide.musicxml")
      Issue.record("read")
    } catch {
      #expect(error.description == "wide.musicxml:8:14: <step> 'H' is not a note name (A to G)")
      #expect(error.sourceLine == note("H4", 1) + "</measure>")
    }
    let good = text.replacingOccurrences(of: "<step>H</step>", with: "<step>B</step>")
    let wide = [UInt8]([0xFF, 0xFE]) + good.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let read = try readNotation(wide, format: .musicXML, path: "wide.musicxml")
    #expect(heard(read.song).map(\.note) == [60, 71])
  }

  @Test func timeSignaturesAreTheSongsMeters() throws {
    func time(_ beats: String, _ type: Int) -> String {
      "<attributes><time><beats>\(beats)</beats><beat-type>\(type)</beat-type></time></attributes>"
    }
    let song = try read(
      score([time("3", 4) + note("C4", 3), note("D4", 3), time("3+3", 8) + note("E4", 3)])
    ).song
    #expect(song.timeSignatures.map(\.numerator) == [3, 6])
    #expect(song.timeSignatures.map(\.denominator) == [4, 8])
    #expect(song.timeSignatures.map(\.tick) == [0, Int64(6 * song.ticksPerQuarter)])
  }

  @Test func libxml2sErrorsAreOneLineAtTheirPlace() {
    let error = readingError("<?xml version=\"1.0\" encoding=\"BOGUS-9\"?>\n<score-partwise/>\n")
    #expect(
      error?.description == "test.musicxml:1:39: not well-formed XML: unsupported encoding BOGUS-9")
    #expect(error?.sourceLine == "<?xml version=\"1.0\" encoding=\"BOGUS-9\"?>")
  }
}
