import Notation
import Testing

/// Pitches: octaves, accidentals and how far they carry, key signatures and modes.
@Suite struct ABCPitchTests {
  @Test func lettersAndOctaveMarksGiveMIDINotesFromMiddleC() throws {
    #expect(
      try notesText("C,, C, C c c' c''", header: "L:1/4\nK:C") == "0:36 1:48 2:60 3:72 4:84 5:96")
  }

  @Test func accidentalsRaiseAndLowerBySemitones() throws {
    #expect(try notesText("^C _D =E ^^F __B", header: "L:1/4\nK:C") == "0:61 1:61 2:64 3:67 4:69")
  }

  @Test func anAccidentalCarriesToItsLetterAtItsOctaveUntilTheBarEnds() throws {
    // ^F F f | F: the second F is sharp, f (another octave) and the next bar's F are not.
    #expect(try notesText("^F F f | F", header: "L:1/4\nK:C") == "0:66 1:66 2:77 3:65")
  }

  @Test func aNaturalCarriesAgainstTheKeyUntilTheBarEnds() throws {
    #expect(try notesText("=F F | F", header: "L:1/4\nK:G") == "0:65 1:65 2:66")
  }

  @Test(arguments: [
    ("not", "0:66 1:65 2:77 3:65"), ("octave", "0:66 1:66 2:77 3:65"),
    ("pitch", "0:66 1:66 2:78 3:65"),
  ])
  func propagateAccidentalsChoosesHowFarAnAccidentalCarries(scope: String, expected: String)
    throws
  {
    let header = "%%propagate-accidentals \(scope)\nL:1/4\nK:C"
    #expect(try notesText("^F F f | F", header: header) == expected)
  }

  @Test func aTieCarriesItsAccidentalIntoTheNextBarForThatNoteOnly() throws {
    // ^F2-|F2 F2: the tied F sounds on (held, not struck), the next F is natural.
    #expect(try notesText("^F2-|F2 F2", header: "L:1/4\nK:C") == "0:66 4:65")
  }

  /// Keys and the pitches of `C D E F G A B` in them.
  @Test(arguments: [
    ("C", "60 62 64 65 67 69 71"), ("G", "60 62 64 66 67 69 71"),
    ("D", "61 62 64 66 67 69 71"), ("F", "60 62 64 65 67 69 70"),
    ("Bb", "60 62 63 65 67 69 70"), ("F#", "61 63 65 66 68 70 71"),
    ("Gb", "59 61 63 65 66 68 70"), ("Am", "60 62 64 65 67 69 71"),
    ("Emin", "60 62 64 66 67 69 71"), ("Ddor", "60 62 64 65 67 69 71"),
    ("Dmix", "60 62 64 66 67 69 71"), ("Ephr", "60 62 64 65 67 69 71"),
    ("Flyd", "60 62 64 65 67 69 71"), ("Bloc", "60 62 64 65 67 69 71"),
    ("Gion", "60 62 64 66 67 69 71"), ("Aaeo", "60 62 64 65 67 69 71"),
    ("A dorian", "60 62 64 66 67 69 71"), ("GMajor", "60 62 64 66 67 69 71"),
    ("C#m", "61 63 64 66 68 69 71"), ("none", "60 62 64 65 67 69 71"),
    ("D exp ^f", "60 62 64 66 67 69 71"), ("D ^g", "61 62 64 66 68 69 71"),
    ("D =c", "60 62 64 66 67 69 71"), ("C _b _e", "60 62 63 65 67 69 70"),
    ("HP", "60 62 64 65 67 69 71"), ("Hp", "61 62 64 66 67 69 71"),
    ("G clef=bass", "60 62 64 66 67 69 71"), ("", "60 62 64 65 67 69 71"),
  ])
  func keySignaturesAndModesAlterTheirLetters(key: String, pitches: String) throws {
    let song = try readABCText(tune("C D E F G A B", header: "L:1/4\nK:\(key)")).song
    #expect(placedNotes(song).map { "\($0.note)" }.joined(separator: " ") == pitches)
  }

  @Test func aKeyChangeInTheBodyAndInlineTakesEffectWhereItStands() throws {
    #expect(try notesText("F [K:G] F |\nK:F\nB", header: "L:1/4\nK:C") == "0:65 1:66 2:70")
  }

  @Test func transposeAndOctaveShiftWhatIsPlayed() throws {
    #expect(try notesText("C", header: "L:1/4\nK:C transpose=-2") == "0:58")
    #expect(try notesText("C", header: "L:1/4\nK:C octave=1") == "0:72")
    // A voice's own shift wins over the header's.
    let text = "X:1\nL:1/4\nV:1 transpose=3\nK:C transpose=-2\nV:1\nC\n"
    #expect(placedNotes(try readABCText(text).song).map(\.note) == [63])
  }
}
