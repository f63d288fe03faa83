import Notation
import Testing

/// Repeats and endings unrolled: the letters each tune plays, in order (L:1/4, one note a
/// quarter).
@Suite struct ABCRepeatTests {
  private func played(_ body: String) throws -> String {
    let song = try readABCText(tune(body, header: "M:1/4\nL:1/4\nK:C")).song
    let letters = [0: "C", 2: "D", 4: "E", 5: "F", 7: "G", 9: "A", 11: "B"]
    return placedNotes(song).map { letters[$0.note % 12] ?? "?" }.joined()
  }

  @Test(arguments: [
    ("|: C D :| E |]", "CDCDE"),
    ("C D :| E |]", "CDCDE"),
    ("|: C :: D :| E |]", "CCDDE"),
    ("|: C :|: D :| E", "CCDDE"),
    ("|: C :||: D :| E", "CCDDE"),
    ("C | D :| E | F :| G |]", "CDCDEFEFG"),
    ("C || D :| E", "CDDE"),
    ("C [| D :| E", "CDDE"),
    ("|: C |1 D :|2 E |]", "CDCE"),
    ("|: C [1 D :| [2 E |]", "CDCE"),
    ("|: C |[1 D :|[2 E |]", "CDCE"),
    ("|: C |1 D | E :|2 F |]", "CDECF"),
    ("|: C |1 D :|2 E :|3 F |]", "CDCECF"),
    ("|: C |[1,3 D :|[2 E :| F", "CDCECDF"),
    ("|: C |[1-3 D :|[4 E |]", "CDCDCDCE"),
    ("|: C ::| D", "CCCD"),
    ("|: C |1 D :|2 E || F :| G", "CDCEFFG"),
    ("|: C |1 D :|2 E | F :| G", "CDCEFG"),
    ("[1 C :| [2 D |]", "CD"),
    ("|: C :|\n|: D |1 E :|\n|2 F |]", "CCDEDF"),
    ("|: C |1 D :|\n2 E |]", "CDCE"),
  ])
  func repeatsAndEndingsAreUnrolled(body: String, expected: String) throws {
    #expect(try played(body) == expected)
  }

  @Test func aTieIntoARepeatHoldsOnEachPass() throws {
    // The last C of the section is tied to the first C, which sounds once each pass.
    #expect(try notesText("|: C4- | C4 :|", header: "M:4/4\nL:1/4\nK:C") == "0:60 8:60")
  }

  @Test func tempoChangesInsideARepeatHappenOnEveryPass() throws {
    let text = tune("|: [Q:1/4=60] C [Q:1/4=120] D :|", header: "M:2/4\nL:1/4\nK:C")
    let song = try readABCText(text).song
    let seconds = try song.notes.map { try song.seconds(atTick: $0.tick).description }
    #expect(seconds == ["0", "1", "3/2", "5/2"])
  }
}
