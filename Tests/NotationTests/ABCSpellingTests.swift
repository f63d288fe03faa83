import MIDIFile
import Notation
import Testing

/// Notes keep the spelling the tune gives them: a note is flat when its accidental is a flat,
/// written, carried in its bar or the key's, so a B-flat in F major plays the bank's `Bb4`.
@Suite struct ABCSpellingTests {
  /// Bodies, headers (before `K:`'s value) and the notes' names as spelled, in order.
  @Test(arguments: [
    ("F G A B | c", "F", "F4 G4 A4 Bb4 C5"),
    ("B =B | B", "F", "Bb4 B4 Bb4"),
    ("_B B b | B", "C", "Bb4 Bb4 B5 B4"),
    ("^A _B A", "C", "A#4 Bb4 A#4"),
    ("__B ^^F _C", "C", "A4 G4 B3"),
    ("E B", "Bb", "Eb4 Bb4"),
    ("B", "Dm", "Bb4"),
    ("B", "Ddor", "B4"),
    ("B E", "Gdor", "Bb4 E4"),
    ("B E", "Cmix", "Bb4 E4"),
    ("B F", "D exp _b ^f", "Bb4 F#4"),
    ("B F", "D _b", "Bb4 F#4"),
    ("B [K:G] B F [K:Eb] A", "F", "Bb4 B4 F#4 Ab4"),
    ("{B}c {_d}c | {^c}d", "F", "Bb4 C5 Db5 C5 C#5 D5"),
    ("[FAc] [B,DF]", "Bb", "F4 A4 C5 Bb3 D4 F4"),
    ("_B2-|B2 B", "C", "Bb4 B4"),
  ])
  func aNoteIsSpelledFlatWhereItsAccidentalIsAFlat(body: String, key: String, names: String)
    throws
  {
    let song = try readABCText(tune(body, header: "M:4/4\nL:1/4\nK:\(key)")).song
    #expect(spelledNames(song) == names)
  }

  @Test func aKeyChangeOnItsOwnLineRespellsTheNotesAfterIt() throws {
    let song = try readABCText(tune("B E |\nK:G\nB F |\nK:Dm\nB", header: "L:1/4\nK:Bb")).song
    #expect(spelledNames(song) == "Bb4 Eb4 B4 F#4 Bb4")
  }

  @Test(arguments: [
    ("not", "Bb4 B5 B4"), ("octave", "Bb4 B5 B4"), ("pitch", "Bb4 Bb5 B4"),
  ])
  func propagateAccidentalsCarriesTheFlatAsFarAsItCarriesThePitch(scope: String, names: String)
    throws
  {
    let header = "%%propagate-accidentals \(scope)\nL:1/4\nK:C"
    #expect(spelledNames(try readABCText(tune("_B b | B", header: header)).song) == names)
  }

  /// A voice moved by whole octaves keeps its spelling; any other transposition sounds in
  /// another key than the one written, and is spelled with sharps.
  @Test(arguments: [
    ("K:F octave=1", "B", "Bb5"),
    ("K:F transpose=12", "B", "Bb5"),
    ("K:F transpose=-12", "B", "Bb3"),
    ("K:F transpose=-2", "c B", "A#4 G#4"),
    ("K:F transpose=1", "A", "A#4"),
    ("K:C\nV:1 transpose=2", "[V:1] _B", "C5"),
    ("K:C\nV:1 transpose=-1", "[V:1] B", "A#4"),
    ("K:C\nV:1 octave=-1", "[V:1] _e", "Eb4"),
  ])
  func aTransposedVoiceIsSpelledWithSharpsUnlessMovedByOctaves(
    header: String, body: String, names: String
  ) throws {
    let song = try readABCText(tune(body, header: "L:1/4\n\(header)")).song
    #expect(spelledNames(song) == names)
  }

  /// Through the MIDI path onto a bank that names its black keys both ways: a B-flat in F
  /// major taps `Bb4`, the bar `A#4` also plays.
  @Test func anFMajorTuneTapsTheBanksFlatTitles() throws {
    let text = tune("F A c B | A G F2 | ^A =B _B z", header: "M:4/4\nL:1/4\nK:F")
    let song = try readABCText(text).song
    let mapping = NoteMapping(keys: chromaticKeys(65...96))
    let taps = try score(from: song, mapping: mapping).score.taps
    #expect(
      taps.map(\.key).joined(separator: " ")
        == "F4 A4 C5 Bb4 A4 G4 F4 A#4 B4 Bb4")
  }
}

/// The sharp and flat names of the black keys from C: where a pitch class has one name, both
/// are it.
private let spellings: [(sharp: String, flat: String)] = [
  ("C", "C"), ("C#", "Db"), ("D", "D"), ("D#", "Eb"), ("E", "E"), ("F", "F"), ("F#", "Gb"),
  ("G", "G"), ("G#", "Ab"), ("A", "A"), ("A#", "Bb"), ("B", "B"),
]

/// A MIDI note's scientific name, with a flat where `flat` asks (`Bb4` for 70).
private func name(of note: Int, flat: Bool) -> String {
  let names = spellings[note % 12]
  return (flat ? names.flat : names.sharp) + "\(note / 12 - 1)"
}

/// The song's notes named as spelled, in the order they sound: `F4 Bb4`.
private func spelledNames(_ song: MIDISong) -> String {
  song.notes.map { name(of: $0.note, flat: $0.isSpelledFlat) }.joined(separator: " ")
}

/// A bank of every note in `notes`, each black key under both its names, as the built-in bank
/// names them (`A#4` and `Bb4` play one bar).
private func chromaticKeys(_ notes: ClosedRange<Int>) -> [(title: String, note: Int)] {
  notes.flatMap { note in
    let sharp = name(of: note, flat: false)
    let flat = name(of: note, flat: true)
    return sharp == flat ? [(sharp, note)] : [(sharp, note), (flat, note)]
  }
}
