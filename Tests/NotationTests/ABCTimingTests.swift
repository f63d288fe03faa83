import Notation
import ScoreParser
import Testing

/// Lengths, the unit note length, broken rhythm, tuplets, chords and rests, in quarter notes.
@Suite struct ABCTimingTests {
  @Test func lengthsMultiplyAndDivideTheUnit() throws {
    // L:1/8: A2 is a quarter, A/2 and A/ a sixteenth, A// a thirty-second, A3/2 a dotted eighth.
    #expect(
      try notesText("A2 A/2 A/ A// A3/2 A") == "0:69 1:69 5/4:69 3/2:69 13/8:69 19/8:69")
  }

  @Test(arguments: [
    ("M:2/4", "0:60 1/4:62"), ("M:3/4", "0:60 1/2:62"), ("M:6/8", "0:60 1/2:62"),
    ("M:C", "0:60 1/2:62"), ("M:C|", "0:60 1/2:62"), ("M:none", "0:60 1/2:62"),
    ("T:no meter", "0:60 1/2:62"), ("M:2/4\nL:1/4", "0:60 1:62"),
  ])
  func theUnitLengthDefaultsByTheMeter(header: String, expected: String) throws {
    // Below 3/4 (0.75 of a whole note) the unit is a sixteenth, else an eighth.
    #expect(try notesText("C D", header: header + "\nK:C") == expected)
  }

  @Test func aMeterChangeInTheBodyKeepsTheUnit() throws {
    #expect(try notesText("C D |\nM:2/4\nC D", header: "M:4/4\nK:C") == "0:60 1/2:62 1:60 3/2:62")
  }

  @Test func brokenRhythmDotsOneNoteAndShortensTheOther() throws {
    // c>d: 3/4 and 1/4 of a quarter; e<f the other way; c>>d: 7/8 and 1/8.
    #expect(
      try notesText("c>d e<f c>>d e<<f g")
        == "0:72 3/4:74 1:76 5/4:77 2:72 23/8:74 3:76 25/8:77 4:79")
  }

  @Test func aBrokenRhythmSkipsDecorationsAndGraceNotes() throws {
    #expect(try notesText("c>.d e") == "0:72 3/4:74 1:76")
    #expect(try notesText("c>{g}d e") == "0:72 11/16:79 3/4:74 1:76")
  }

  @Test(arguments: [
    ("(3cde f", "0:72 1/3:74 2/3:76 1:77"),
    ("(3:2:2 c2d e", "0:72 2/3:74 1:76"),
    ("(2cd e", "0:72 3/4:74 3/2:76"),
    ("(4cdef g", "0:72 3/8:74 3/4:76 9/8:77 3/2:79"),
    ("(3::2 cd e", "0:72 1/3:74 2/3:76"),
    ("(3c>de f", "0:72 1/2:74 2/3:76 1:77"),
  ])
  func tupletsPlayPNotesInTheTimeOfQ(body: String, expected: String) throws {
    #expect(try notesText(body) == expected)
  }

  @Test func aTupletOfFiveFillsThreeInACompoundMeterAndTwoElse() throws {
    #expect(try notesText("(5cdefg a", header: "M:6/8\nL:1/8\nK:C").hasSuffix("3/2:81"))
    #expect(try notesText("(5cdefg a", header: "M:2/4\nL:1/8\nK:C").hasSuffix("1:81"))
  }

  @Test func aChordIsAsLongAsItsFirstNoteTimesTheLengthAfterIt() throws {
    #expect(
      try notesText("[CEG]2 [c2e]g [ce]3/2 g")
        == "0:60 0:64 0:67 1:72 1:76 2:79 5/2:72 5/2:76 13/4:79")
  }

  @Test func restsTakeTheirTimeAndWholeBarRestsTheirBars() throws {
    // z and x (invisible) take their length; Z a bar, Z2 two bars of 4/4.
    #expect(try notesText("c2 z2 x2 c2 | Z | c8 | Z2 | c") == "0:72 3:72 8:72 20:72")
  }

  @Test func inlineFieldsChangeTheUnitAndMeterFromWhereTheyStand() throws {
    #expect(try notesText("c [L:1/4] c c | [M:3/4] Z | c") == "0:72 1/2:72 3/2:72 11/2:72")
  }

  @Test func tiesJoinNotesWithinAndAcrossBarsAndChords() throws {
    // A tied note sounds once; an untied repeat of it strikes again.
    #expect(try notesText("c4-c4 | c2- | c2 [ce]2-[ce]2 c -c") == "0:72 4:72 6:72 6:76 8:72")
  }

  @Test func aTieToAnotherPitchTiesNothing() throws {
    #expect(try notesText("c-d") == "0:72 1/2:74")
  }
}
