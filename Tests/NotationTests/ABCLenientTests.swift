import Notation
import Testing

/// What real collections write that ABC 2.1 does not allow is read as abc2midi reads it, with
/// a warning at the first place of each kind.
@Suite struct ABCLenientTests {
  /// Bodies after `X:1`, `T:Test`, `M:4/4`, `L:1/8`, `K:C` (the body is line 6), the notes
  /// played and the warnings.
  @Test(arguments: [
    (
      "c =\nd e", "0:72 1/2:74 1:76",
      ["6:3: the accidental '=' has no note after it; it is passed over"]
    ),
    (
      "c =20|d", "0:72 1/2:74",
      ["6:3: the accidental '=20' has no note after it; it is passed over"]
    ),
    (
      "c =3Dg", "0:72 1/2:62 1:79",
      ["6:3: the accidental '=3' has no note after it; it is passed over"]
    ),
    ("c =>d", "0:72 3/4:74", ["6:3: the accidental '=' has no note after it; it is passed over"]),
    (
      "^ c = d = e", "0:72 1/2:74 1:76",
      ["6:1: the accidental '^' has no note after it; it is passed over (3 in all)"]
    ),
    ("[C2z2] D2", "0:60 1:62", ["6:4: a rest 'z2' in a chord is passed over"]),
    ("+CE+ D", "0:60 0:64 1/2:62", ["6:1: '+CE+' is read as the chord '[CE]' (ABC 1.x's chord)"]),
    ("c + d", "0:72 1/2:74", ["6:3: a '+' the line does not close is passed over"]),
    ("c |}d", "0:72 1/2:74", ["6:4: '}' stands where no note can; it is passed over"]),
    ("c | ,d", "0:72 1/2:74", ["6:5: ',' stands where no note can; it is passed over"]),
    ("c d | 2e", "0:72 1/2:74 1:76", ["6:7: '2' stands where no note can; it is passed over"]),
    ("c d/\n/ e", "0:72 1/2:74 3/4:76", ["7:1: '/' stands where no note can; it is passed over"]),
    ("[ce>] d", "0:72 0:76 1/2:74", ["6:4: '>' stands where no note can; it is passed over"]),
    (
      "{[ge]}c", "0:79 0:76 0:72",
      ["6:2: '[' stands where no note can; it is passed over (2 in all)"]
    ),
    (
      "c [d e | f", "0:72 1/2:74 1:76 3/2:77",
      ["6:3: '[' opens or closes no chord; it is passed over"]
    ),
    ("c ] d", "0:72 1/2:74", ["6:3: ']' opens or closes no chord; it is passed over"]),
    (
      "(1c d (1:2:1e", "0:72 1/2:74 1:76",
      ["6:1: a tuplet '(1' of one note changes no length; it is passed over (2 in all)"]
    ),
    (
      "c [K:Es] e", "0:72 1/2:76",
      [
        "6:6: the key 'Es' has an unknown mode; it is read as 'E' major, as abc2midi and music21 read it"
      ]
    ),
    (
      "c [K:Bbn] e d", "0:72 1/2:75 1:74",
      [
        "6:6: the key 'Bbn' has an unknown mode; it is read as 'Bb' major, as abc2midi and music21 read it"
      ]
    ),
    (
      "c [M:FREI6/8] d", "0:72 1/2:74",
      ["6:6: the meter 'FREI6/8' is read as free meter, 'M:none'"]
    ),
  ])
  func sloppinessIsReadWithAWarningAtItsPlace(body: String, notes: String, warnings: [String])
    throws
  {
    let read = try readABCText(tune(body))
    #expect(placedNotes(read.song).map(\.description).joined(separator: " ") == notes)
    #expect(read.warnings == warnings)
  }

  /// Whole tunes (their header differs) as real collections write them, the notes played and
  /// the warnings.
  @Test(arguments: [
    (
      "X:1\nM: FREI4/4\nL: 1/4\nK: C\nC2E | G\n", "0:60 2:64 3:67",
      ["2:4: the meter 'FREI4/4' is read as free meter, 'M:none'"]
    ),
    (
      "X:1\nL:1/8\nK: Es\nEB\n", "0:64 1/2:71",
      [
        "3:4: the key 'Es' has an unknown mode; it is read as 'E' major, as abc2midi and music21 read it"
      ]
    ),
    (
      "X:1\nL:1/8\nI (1) :| (2) ||\nZ:someone\nK:G\nga|\n", "0:79 1/2:81",
      ["3:1: 'I (1) :| (2) ||' before the tune's K: line is text; it is passed over"]
    ),
    (
      "X:1\nL:1/8\n%%Bfly 0 300 \\\n 0 0 3 2 1\nK:D\nf|\n", "0:78",
      [
        "4:2: '0 0 3 2 1' before the tune's K: line is text; it is passed over",
        "1 directive (%%Bfly) is not followed",
      ]
    ),
    ("X:1\nL:1/8\nabc|\n", "0:81 1/2:83 1:72", []),
  ])
  func aRealTunesHeaderIsReadWithAWarningAtItsPlace(
    text: String, notes: String, warnings: [String]
  ) throws {
    let read = try readABCText(text)
    #expect(placedNotes(read.song).map(\.description).joined(separator: " ") == notes)
    #expect(read.warnings == warnings)
  }

  @Test func aMicrotonalAccidentalIsStillRefused() {
    #expect(
      errorText(tune("^3/2c"))
        == "tune.abc:6:1: the accidental '^' needs a note after it, as in '^f' (microtonal accidentals such as '^/' are not supported)"
    )
  }

  @Test func dynamicsInPlusSignsAreNotChords() throws {
    let read = try readABCText(tune("+ff+ c +mf+ d"))
    #expect(placedNotes(read.song).map(\.description).joined(separator: " ") == "0:72 1/2:74")
    #expect(read.song.notes.map(\.velocity) == [112, 80])
    #expect(read.warnings.isEmpty)
  }
}
