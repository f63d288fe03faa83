import Notation
import ScoreParser
import Testing

/// Grace notes sound just before their note: 1/16 of a quarter each, taken from the previous
/// onset, shared evenly when it is nearer.
@Suite struct ABCGraceTests {
  @Test func aGraceNoteEndsWhereItsNoteStarts() throws {
    #expect(try notesText("c2 {g}d2") == "0:72 15/16:79 1:74")
  }

  @Test func severalGraceNotesFollowEachOther() throws {
    #expect(try notesText("c2 {gag}d2") == "0:72 13/16:79 7/8:81 15/16:79 1:74")
  }

  @Test func anAcciaccaturaIsPlayedTheSame() throws {
    #expect(try notesText("c2 {/g}d2") == "0:72 15/16:79 1:74")
  }

  @Test func graceNotesShareAShortPreviousNoteEvenly() throws {
    // The previous note lasts 1/8 of a quarter: four grace notes get 1/32 each.
    #expect(
      try notesText("c/8 {gagf}d", header: "L:1/4\nK:C")
        == "0:72 0:79 1/32:81 1/16:79 3/32:77 1/8:74")
  }

  @Test func graceNotesAtTheStartSoundWithTheirNote() throws {
    #expect(try notesText("{g}c") == "0:79 0:72")
  }

  @Test func aRestBeforeGraceNotesGivesThemItsTime() throws {
    #expect(try notesText("z2 {g}c") == "15/16:79 1:72")
  }

  @Test func graceNoteAccidentalsCarryThroughTheBar() throws {
    #expect(try notesText("c2 {^f}g2 f2") == "0:72 15/16:78 1:79 2:78")
  }
}
