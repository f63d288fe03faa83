import MIDIFile
import ScoreParser
import Testing

/// The tune of a song of several parts, for a ringtone: a part named as the tune, else the
/// highest note at each onset.
@Suite struct MelodyTests {
  static let bank = PartPlacementTests.concertKeys

  static func line(_ notes: [Int], name: String? = nil) -> [UInt8] {
    PartPlacementTests.line(notes, name: name)
  }

  static func keys(_ result: MIDIImport?) -> [String] { PartPlacementTests.keys(result) }

  @Test func aPartNamedAsTheTuneIsTheMelody() throws {
    let bytes = midiFile(
      Self.line([48, 50, 52], name: "Bass"), Self.line([72, 74, 76], name: "Lead Vocal"),
      Self.line([84, 86, 88], name: "Strings"))
    let result = try #require(
      imported(bytes, NoteMapping(keys: Self.bank, selection: .melody)))
    #expect(Self.keys(result) == ["C5", "D5", "E5"])
    #expect(result.melody?.rule == .named)
    #expect(result.melody?.shares.map(\.part) == [.track(2)])
    #expect(
      describe(result).first
        == "plays the melody, the part named as the tune: 3 notes of 9, from track 2 'Lead Vocal' (3); --parts all plays every part"
    )
  }

  @Test func withoutANameTheHighestNoteAtEachOnsetIsTheMelody() throws {
    // The tune crosses from one part to the other; the accompaniment's chords sit below.
    let bytes = midiFile(
      track(noteOn(0, 76), noteOn(0, 67), noteOn(96, 74), noteOn(96, 72)),
      track(noteOn(0, 60), noteOn(96, 79), noteOn(0, 55), noteOn(192, 84)))
    let result = try #require(
      imported(bytes, NoteMapping(keys: Self.bank, selection: .melody)))
    #expect(Self.keys(result) == ["E5", "G5", "C5", "C6"])
    #expect(result.melody?.rule == .highestLine)
    #expect(
      result.melody?.shares
        == [
          MelodyPick.Share(part: .track(1), name: nil, noteCount: 2),
          MelodyPick.Share(part: .track(2), name: nil, noteCount: 2),
        ])
  }

  @Test func theMelodyMovesByOctavesAsOnePiece() throws {
    let bytes = midiFile(
      Self.line([60, 62, 64], name: "Voice"), Self.line([36, 38, 40], name: "Bass"))
    let result = try #require(
      imported(bytes, NoteMapping(keys: Self.bank, selection: .melody)))
    #expect(result.placements == [PartPlacement(part: .melody, noteCount: 3, octaves: 1)])
    #expect(Self.keys(result) == ["C5", "D5", "E5"])
  }

  @Test func aRingtonesMelodyLeavesASongOfOnePartWhole() throws {
    let chords = midiFile(track(noteOn(0, 72), noteOn(0, 76), noteOn(96, 74), noteOn(0, 77)))
    let mapping = NoteMapping(keys: Self.bank, selection: .melodyOfSeveralParts)
    let result = try #require(imported(chords, mapping))
    #expect(Self.keys(result) == ["C5", "E5", "D5", "F5"])
    #expect(result.melody == nil)
    let asked = try #require(imported(chords, NoteMapping(keys: Self.bank, selection: .melody)))
    #expect(Self.keys(asked) == ["E5", "F5"])
  }

  @Test(arguments: [
    ("Melody", true), ("lead guitar", true), ("Voice 1", true), ("Soprano", true),
    ("Vocals", true), ("Piano", false), ("Leader", false), ("Bass", false),
  ])
  func melodyWordsAreWholeWordsOfThePartsName(_ name: String, _ isMelody: Bool) throws {
    let bytes = midiFile(Self.line([72], name: name), Self.line([84], name: "Other"))
    let result = try #require(imported(bytes, NoteMapping(keys: Self.bank, selection: .melody)))
    #expect((result.melody?.rule == .named) == isMelody)
  }
}
