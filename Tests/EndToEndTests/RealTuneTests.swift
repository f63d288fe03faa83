import Foundation
import TestSupport
import Testing

/// Real tunes from real files sound like the tune: each part moved by octaves as a piece, the
/// notes spelled as written.
@Suite struct RealTuneTests {
  /// A Dorian folk tune in the shape of Scarborough Fair, written D4 to E5 as folk books write
  /// it: below the built-in bank's F4 at its start.
  static let dorianABC = """
    X:1
    T:Dorian Air
    M:3/4
    L:1/4
    Q:1/4=100
    K:Ddor
    D2 D | A2 A | E>F E | D3 | A2 c | d2 e | c2 A | B3 |]

    """

  static func keys(_ events: String) -> [String] {
    events.split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[2]) }
  }

  @Test func aFolkTuneBelowTheBankMovesUpAnOctaveWithEveryLeapKept() throws {
    let tune = try temporaryScore(Self.dorianABC, name: "air.abc")
    let result = try run(["events", tune])
    #expect(result.status == 0)
    #expect(
      Self.keys(result.stdout) == [
        "D5", "D5", "A5", "A5", "E5", "F5", "E5", "D5", "A5", "C6", "D6", "E6", "C6", "A5", "B5",
      ])
    #expect(
      result.stderr
        == "xylo-render: note: \(tune): part 1 'Dorian Air': moved up 1 octave into the bank's range (as --transpose 12 would)\n"
        + "xylo-render: note: \(tune): --octaves note keeps every part where it is written; --transpose SEMITONES moves them all\n"
    )
    // Note by note, as before: the two notes below F4 jump up alone and every leap is wrong.
    let folded = try run(["events", tune, "--octaves", "note"])
    #expect(
      Self.keys(folded.stdout) == [
        "D5", "D5", "A4", "A4", "E5", "F4", "E5", "D5", "A4", "C5", "D5", "E5", "C5", "A4", "B4",
      ])
  }

  @Test func aScoreWrittenBelowTheBankMovesEachVoiceAsAPiece() throws {
    let score = try temporaryScore("tempo 120\nD4 D4 A4 E4 F4\nvoice bass\nD2 A2 D3\n")
    let result = try run(["events", score])
    #expect(Self.keys(result.stdout) == ["D5", "D5", "A5", "E5", "F5", "D5", "A5", "D6"])
    #expect(
      result.stderr == """
        xylo-render: note: \(score): voice 1 'main': moved up 1 octave into the bank's range
        xylo-render: note: \(score): voice 2 'bass': moved up 3 octaves into the bank's range
        xylo-render: note: \(score): --octaves note keeps every voice where it is written

        """)
    // A key of a pitch class the bank has at no octave is an error at its place.
    let sharp = try temporaryScore("tempo 60\nC6 C#6 D6\n")
    let refused = try run(["check", sharp, "--bank", appSounds])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "\(sharp):2:4: error: key 'C#6' has no bar in the bank at any octave\n"))
  }

  @Test func aFlatWrittenInMusicXMLIsNamedAsAFlatAndPlaysTheSameBar() throws {
    let notes = [("B", -1, 4), ("A", 1, 4), ("E", -1, 5), ("C", 0, 5)].map { step, alter, octave in
      "<note><pitch><step>\(step)</step>\(alter == 0 ? "" : "<alter>\(alter)</alter>")"
        + "<octave>\(octave)</octave></pitch><duration>1</duration><type>quarter</type></note>"
    }
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <score-partwise version="4.0"><part-list><score-part id="P1"><part-name>Flute</part-name>
      </score-part></part-list><part id="P1"><measure number="1"><attributes><divisions>1</divisions>
      <key><fifths>-1</fifths></key><time><beats>4</beats><beat-type>4</beat-type></time></attributes>
      \(notes.joined())</measure></part></score-partwise>

      """
    let file = try temporaryScore(xml, name: "flats.musicxml")
    let result = try run(["events", file])
    #expect(Self.keys(result.stdout) == ["Bb4", "A#4", "Eb5", "C5"])
    let folder = try temporaryFolder()
    #expect(try run(["render", file, "-o", folder + "/spelled.wav", "--quiet"]).status == 0)
    // The same notes named with sharps, at MusicXML's default level (velocity 80).
    let sharps = try temporaryScore("tempo 120\nA#4*80/127 A#4*80/127 D#5*80/127 C5*80/127\n")
    #expect(try run(["render", sharps, "-o", folder + "/sharps.wav", "--quiet"]).status == 0)
    let compared = try run(["compare", folder + "/spelled.wav", folder + "/sharps.wav"])
    #expect(compared.stdout.hasPrefix("identical: "), "\(compared.stdout)")
  }

  @Test func fostersSongFromMusic21sCorpusMovesUpAnOctaveWithNothingFoldedAndKeepsItsFlats()
    throws
  {
    let song = try music21Corpus() + "/leadSheet/fosterBrownHair.mxl"
    let result = try run(["events", song])
    #expect(result.status == 0)
    #expect(
      result.stderr.contains(
        "part 1 'P1': moved up 1 octave into the bank's range (as --transpose 12 would)\n"))
    #expect(!result.stderr.contains("one by one"))
    let keys = Self.keys(result.stdout)
    #expect(keys.prefix(8) == ["D6", "C6", "A5", "Bb5", "A5", "G5", "F5", "A5"])
    #expect(!keys.contains { $0.contains("#") })
  }
}
