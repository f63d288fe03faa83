import MIDIFile
import Notation
import ScoreParser
import Testing

/// What a broken tune is told: the file, line and column, and what to write instead.
@Suite struct ABCErrorTests {
  /// Bodies after `X:1`, `T:t`, `M:4/4`, `L:1/8`, `K:C` (the body is line 6) and their
  /// messages.
  @Test(arguments: [
    ("c # d", "tune.abc:6:3: unexpected '#'; expected a note, a rest, a bar line or a decoration"),
    ("c []", "tune.abc:6:3: an empty chord '[]'; a chord holds notes, as in '[CEG]'"),
    (
      "c c''''''",
      "tune.abc:6:3: this note is above MIDI's range (C-1 to G9); move it by octaves (',' or ''')"
    ),
    ("c0", "tune.abc:6:2: the length '0' is zero; leave it out for one unit (L:)"),
    ("c/0", "tune.abc:6:2: the length '/0' divides by zero"),
    ("c2345678901", "tune.abc:6:2: the number '2345678901' is too large"),
    ("| >c", "tune.abc:6:3: a broken rhythm must stand between two notes, as in 'A>B'"),
    (
      "c>>>>d",
      "tune.abc:6:2: malformed broken rhythm '>>>>'; write '>', '>>', '>>>' or '<', '<<', '<<<'"
    ),
    ("| -c", "tune.abc:6:3: a tie '-' must follow a note, as in 'c-c'"),
    (
      "(0abc",
      "tune.abc:6:1: malformed tuplet '(0'; write it as in '(3' or '(3:2:3', numbers from 2 to 64"
    ),
    (
      "(65abc",
      "tune.abc:6:1: malformed tuplet '(65'; write it as in '(3' or '(3:2:3', numbers from 2 to 64"
    ),
    (
      "c +trill d", "tune.abc:6:3: unclosed decoration '+trill'; close it with '+', as in '+trill+'"
    ),
    ("\"Am c", "tune.abc:6:1: unclosed '\"'; close the chord symbol or annotation with '\"'"),
    ("{ga c", "tune.abc:6:1: unclosed '{'; close the grace notes with '}'"),
    ("{g|a} c", "tune.abc:6:3: unexpected '|' in grace notes; write notes only, as in '{gag}'"),
    (
      "^/c",
      "tune.abc:6:1: the accidental '^' needs a note after it, as in '^f' (microtonal accidentals such as '^/' are not supported)"
    ),
    (
      "|: c :|0 d",
      "tune.abc:6:8: malformed ending '0'; write the passes that play it, as in '[1', '[2' or '[1,3' (1 to 64)"
    ),
    (
      "c [M:3/x] d",
      "tune.abc:6:6: malformed meter '3/x'; write it as in 'M:6/8', 'M:C', 'M:C|' or 'M:none'"
    ),
    (
      "c [M:FREI] d",
      "tune.abc:6:6: malformed meter 'FREI'; write it as in 'M:6/8', 'M:C', 'M:C|' or 'M:none'"
    ),
    ("c [L:x] d", "tune.abc:6:6: malformed unit note length 'x'; write a fraction such as 'L:1/8'"),
    ("c [Q:1/4=] d", "tune.abc:6:6: malformed tempo '1/4='; write it as in 'Q:1/4=120'"),
    ("c [K:G#] d", "tune.abc:6:6: the key 'G#' needs more than 7 sharps; write its enharmonic key"),
    ("c [K:C transpose=99] d", "tune.abc:6:8: 'transpose=99' needs a whole number from -48 to 48"),
    ("c [K:C d", "tune.abc:6:3: unclosed inline field '[K:C d'; close it with ']'"),
    ("V:", "tune.abc:6:3: a V: line needs a voice id, as in 'V:1'"),
    ("[M:none] Z", "tune.abc:6:10: a rest of whole bars needs a meter; set one, as in 'M:4/4'"),
    (
      "c & d & e & f & g & a & b & c & d & e & f & g & a & b & c & d",
      "tune.abc:6:59: more than 14 overlays '&' in one bar"
    ),
  ])
  func aBrokenBodyIsAnErrorAtItsColumn(body: String, message: String) {
    #expect(errorText("X:1\nT:t\nM:4/4\nL:1/8\nK:C\n\(body)\n") == message)
  }

  @Test func theErrorCarriesItsSourceLine() throws {
    do throws(NotationError) {
      _ = try readABCText("X:1\nK:C\nabc # d\n")
      Issue.record("no error")
    } catch {
      #expect(error.line == 3 && error.column == 5)
      #expect(error.sourceLine == "abc # d")
    }
  }

  @Test(arguments: [
    (
      "X:one\nK:C\nc\n",
      "tune.abc:1:3: malformed reference number; write a whole number, as in 'X:1'"
    ),
    (
      "T:no tune\nK:C\nc\n",
      "tune.abc: no tune in the file; an ABC tune starts with a line such as 'X:1'"
    ),
    ("X:1\nK:C\nz4 |\n", "tune.abc: tune 1 has no notes to play"),
    (
      "X:1\nM:3/x\nK:C\nc\n",
      "tune.abc:2:3: malformed meter '3/x'; write it as in 'M:6/8', 'M:C', 'M:C|' or 'M:none'"
    ),
    (
      "X:1\nK:C\n\"Am\"c \"G",
      "tune.abc:3:7: unclosed '\"'; close the chord symbol or annotation with '\"'"
    ),
  ])
  func aBrokenFileIsAnErrorNamingWhatIsWrong(text: String, message: String) {
    #expect(errorText(text) == message)
  }

  @Test func theNoteLimitStopsReadingAtTheNoteBeyondIt() {
    #expect(
      throws: NotationError(
        path: "tune.abc", line: 3, column: 4,
        message: "the tune holds more than 3 notes, the limit (see --max-taps)",
        sourceLine: "abcd")
    ) {
      try readABCText("X:1\nK:C\nabcd\n", limits: MIDILimits(maxNotes: 3))
    }
  }

  @Test func theDurationLimitHoldsForTheTempo() {
    #expect(
      errorText("X:1\nL:1\nQ:1/4=60\nK:C\nc8 c\n")
        == nil)
    #expect(
      throws: NotationError(
        path: "tune.abc", message: "the song runs past 10 seconds, the limit (see --max-duration)")
    ) {
      try readABCText(
        "X:1\nL:1\nQ:1/4=60\nK:C\nc8 c\n", limits: MIDILimits(maxDuration: Rational(10)))
    }
  }
}
