import Notation
import Testing

/// The text around the music: comments, continuations, line endings, and what real files
/// write that ABC 2.1 does not.
@Suite struct ABCTextTests {
  @Test func commentsAndContinuationsAreReadPast() throws {
    #expect(
      try notesText("c d % e f\n% a whole comment line\ne \\\nf") == "0:72 1/2:74 1:76 3/2:77")
  }

  @Test func aByteOrderMarkAndCRLFLineEndsAreRead() throws {
    let text = "\u{FEFF}X:1\r\nT:Windows\r\nL:1/4\r\nK:G\r\nF G\r\n"
    let read = try readABCText(text)
    #expect(read.song.title == "Windows")
    #expect(placedNotes(read.song).map(\.description) == ["0:66", "1:67"])
  }

  @Test func aTuneWithoutAKeyLineStartsItsBodyAtItsMusic() throws {
    #expect(placedNotes(try readABCText("X:1\nL:1/4\nc d\n").song).map(\.note) == [72, 74])
  }

  @Test func anUnclosedBangIsABC1LineBreak() throws {
    #expect(try notesText("c d !\ne |!f") == "0:72 1/2:74 1:76 3/2:77")
  }

  @Test func aLoneColonAndColonBracketAreReadAsTheRepeatsTheyWereMeantAs() throws {
    // `[|]\` then `:` on the next line: a `[|]:` cut by the line break; `:]` ends a repeat.
    #expect(
      try notesText("c d [|]\\\n: e f :]", header: "L:1/4\nK:C") == "0:72 1:74 2:76 3:77 4:76 5:77")
  }

  @Test func marksInsideGraceNotesAndATieAfterThemArePassedOver() throws {
    #expect(try notesText("c2 {uc}-d2") == "0:72 15/16:72 1:74")
  }

  @Test func aTieAfterARestTiesNothing() throws {
    #expect(try notesText("c z2-z c") == "0:72 2:72")
  }

  @Test func marksAndSlursInsideAChordArePassedOver() throws {
    #expect(try notesText("[.Hc(e]2 g)") == "0:72 0:76 1:79")
  }

  @Test func aUnisonIsTwoNotesOfTheSong() throws {
    // The MIDI path strikes a unison once (docs/midi.md); the song holds both.
    #expect(try notesText("[cc]") == "0:72 0:72")
  }
}
