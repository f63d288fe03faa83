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
  ])
  func sloppinessIsReadWithAWarningAtItsPlace(body: String, notes: String, warnings: [String])
    throws
  {
    let read = try readABCText(tune(body))
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
