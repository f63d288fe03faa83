import Notation
import ScoreParser
import Testing

/// The score of `text`, which must parse.
private func score(_ text: String) throws -> Score {
  try #require(parseScore(Array(text.utf8), options: ParseOptions()).score)
}

/// The app's keys C to B are C6 to B6; anything else names no pitch here.
private func note(_ key: String) -> Int? {
  ["C": 84, "D": 86, "E": 88, "F": 89, "G": 91, "A": 93, "B": 95][key]
}

/// The `<note …>` lines of the text, trimmed.
private func noteLines(_ text: String) -> [String] {
  text.split(separator: "\n").map { $0.trimmingPrefix(while: { $0 == " " }) }.filter {
    $0.hasPrefix("<note")
  }.map(String.init)
}

@Suite struct MusicXMLWriterTests {
  @Test func tapsBecomeNotesInBarsOfTheMeterWithTheirWrittenValues() throws {
    let export = try #require(
      musicXML(from: try score("tempo 90\nC D E:2 | F:1/2 G:1/2 A:3\n"), noteOf: note))
    #expect(export.text.contains("<divisions>2</divisions>"))
    #expect(export.text.contains("<time><beats>4</beats><beat-type>4</beat-type></time>"))
    #expect(
      export.text.contains(
        "<per-minute>90</per-minute></metronome></direction-type><sound tempo=\"90\"/>"))
    let notes = noteLines(export.text)
    #expect(notes.count == 6)
    #expect(notes[0].contains("<step>C</step><octave>6</octave></pitch><duration>2</duration>"))
    #expect(notes[2].contains("<duration>4</duration><voice>1</voice><type>half</type>"))
    #expect(notes[3].contains("<duration>1</duration><voice>1</voice><type>eighth</type>"))
    // A lasts three beats: a dotted half.
    #expect(notes[5].contains("<duration>6</duration><voice>1</voice><type>half</type><dot/>"))
    #expect(export.text.split(separator: "\n").filter { $0.contains("<measure ") }.count == 2)
  }

  @Test func aNoteOverABarLineIsTiedAcrossIt() throws {
    let export = try #require(musicXML(from: try score("C:3 D:2 E:3\n"), noteOf: note))
    let notes = noteLines(export.text)
    // D from beat 3 to 5: a quarter tied into the next bar's quarter.
    let d = notes.filter { $0.contains("<step>D</step>") }
    #expect(d.count == 2)
    #expect(d[0].contains("<tie type=\"start\"/>") && !d[0].contains("<tie type=\"stop\"/>"))
    #expect(d[1].contains("<tie type=\"stop\"/>") && !d[1].contains("<tie type=\"start\"/>"))
  }

  @Test func chordsAndTripletsAreWrittenExactly() throws {
    let export = try #require(
      musicXML(from: try score("C+E+G:1/3 D:1/3 E:1/3 F:3\n"), noteOf: note))
    #expect(export.text.contains("<divisions>3</divisions>"))
    let notes = noteLines(export.text)
    #expect(notes[1].contains("<chord/><pitch><step>E</step>"))
    #expect(notes[2].contains("<chord/><pitch><step>G</step>"))
    // A third of a beat has no written type: its duration alone says it.
    #expect(notes[0].contains("<duration>1</duration><voice>1</voice></note>"))
  }

  @Test func voicesArePartsAndTitlesAreEscaped() throws {
    let text = "title Tom & <Jerry>\nvoice one\nC D\nvoice two\n0\nE F\n"
    let export = try #require(musicXML(from: try score(text), noteOf: note))
    #expect(export.text.contains("<work-title>Tom &amp; &lt;Jerry&gt;</work-title>"))
    #expect(export.text.contains("<part-name>one</part-name>"))
    #expect(export.text.contains("<part-name>two</part-name>"))
    #expect(export.text.contains("<part id=\"P2\">"))
  }

  @Test func keysWithoutAPitchAreCountedNotWritten() throws {
    let export = try #require(musicXML(from: try score("C kick D\n"), noteOf: note))
    #expect(export.skippedTaps == 1)
    #expect(noteLines(export.text).filter { $0.contains("<pitch>") }.count == 2)
  }
}
