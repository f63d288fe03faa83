import AudioBasics
import MIDIFile
import ScoreParser
import Testing

/// Parts moved by whole octaves as a piece onto the bank, as a musician moves a line, before
/// single notes are folded.
@Suite struct PartPlacementTests {
  /// The built-in bank's chromatic keys, F4 to C8, sharps only.
  static let concertKeys = (65...108).map { (title: NoteName.name(of: $0), note: $0) }

  /// A part of `notes`, a quarter note (96 ticks) each, on `channel`.
  static func line(_ notes: [Int], name: String? = nil, channel: Int = 1) -> [UInt8] {
    var events = name.map { trackName(0, $0) } ?? []
    for (index, note) in notes.enumerated() {
      events += noteOn(index == 0 ? 0 : 96, note, channel: channel)
    }
    return track(events)
  }

  static func keys(_ result: MIDIImport?) -> [String] { (result?.score.taps ?? []).map(\.key) }

  /// A Dorian tune written D4..E5, as Scarborough Fair is: every note but D4 and E4 fits the
  /// bank as written, yet folding those two alone scrambles the tune's leaps.
  static let dorianTune = [62, 62, 69, 69, 64, 65, 64, 62, 72, 74, 76]

  @Test func aTuneBelowTheBankMovesUpAnOctaveAsAPieceKeepingEveryLeap() throws {
    let bytes = midiFile(Self.line(Self.dorianTune, name: "Tune"))
    let result = try #require(imported(bytes, NoteMapping(keys: Self.concertKeys)))
    #expect(
      Self.keys(result) == ["D5", "D5", "A5", "A5", "E5", "F5", "E5", "D5", "C6", "D6", "E6"])
    #expect(result.folded == 0)
    #expect(
      result.placements == [PartPlacement(part: .track(1), name: "Tune", noteCount: 11, octaves: 1)]
    )
    #expect(
      describe(result) == [
        "track 1 'Tune': moved up 1 octave into the bank's range (as --transpose 12 would)",
        "--octaves note keeps every part where it is written; --transpose SEMITONES moves them all",
      ])
  }

  @Test func noteByNoteFoldingIsStillThereAsOctavesNote() throws {
    let bytes = midiFile(Self.line(Self.dorianTune))
    let mapping = NoteMapping(keys: Self.concertKeys, octaves: .note)
    let result = try #require(imported(bytes, mapping))
    #expect(
      Self.keys(result) == ["D5", "D5", "A4", "A4", "E5", "F4", "E5", "D5", "C5", "D5", "E5"])
    #expect(result.folded == 5)
    #expect(result.placements.map(\.octaves) == [0])
  }

  @Test func aBassLineMovesUpAsAPieceWhileAMelodyThatFitsStays() throws {
    let bytes = midiFile(
      Self.line([76, 79, 81, 84], name: "Melody"), Self.line([40, 47, 52, 45], name: "Bass"))
    let result = try #require(imported(bytes, NoteMapping(keys: Self.concertKeys)))
    #expect(result.placements.map(\.octaves) == [0, 3])
    let bass = result.score.taps.filter { $0.line == 2 }.map(\.key)
    #expect(bass == ["E5", "B5", "E6", "A5"])
    #expect(result.folded == 0)
  }

  @Test func whatStillDoesNotFitIsFoldedAloneAndCountedForItsPart() throws {
    // Two octaves and a fifth wide on a bank of one octave: the move fits the most notes.
    let bytes = midiFile(Self.line([60, 62, 64, 65, 67, 84, 91], name: "Wide"))
    let result = try #require(imported(bytes, NoteMapping(keys: appKeys)))
    #expect(result.placements.first?.octaves == 2)
    #expect(result.placements.first?.folded == 2)
    #expect(Self.keys(result) == ["C", "D", "E", "F", "G", "HighC", "G"])
    #expect(
      describe(result).first
        == "track 1 'Wide': moved up 2 octaves into the bank's range (as --transpose 24 would); "
        + "2 of its 7 notes still outside it moved by octaves one by one")
  }

  @Test func aTieBetweenMovesGoesToTheSmallerThenTheLower() throws {
    let keys = [(title: "C5", note: 72), (title: "C7", note: 96), (title: "D6", note: 86)]
    let equal = try #require(imported(midiFile(Self.line([84])), NoteMapping(keys: keys)))
    #expect(Self.keys(equal) == ["C5"])
    #expect(equal.placements.first?.octaves == -1)
    let smaller = try #require(imported(midiFile(Self.line([62])), NoteMapping(keys: keys)))
    #expect(Self.keys(smaller) == ["D6"])
    #expect(smaller.placements.first?.octaves == 2)
  }

  @Test func aOneTrackFileMovesEachChannelAsAPart() throws {
    let bytes = midiFile(
      format: 0,
      track(
        noteOn(0, 84, channel: 1), noteOn(0, 40, channel: 2), noteOn(96, 86, channel: 1),
        noteOn(0, 43, channel: 2)))
    let result = try #require(imported(bytes, NoteMapping(keys: Self.concertKeys)))
    #expect(result.placements.map(\.part) == [.channel(1), .channel(2)])
    #expect(result.placements.map(\.octaves) == [0, 3])
    #expect(Self.keys(result) == ["C6", "E5", "D6", "G5"])
  }

  @Test func drumsKeptAreNeverMovedWithTheParts() throws {
    let bytes = midiFile(track(noteOn(0, 60), noteOn(0, 62, channel: 10), noteOn(96, 64)))
    let result = try #require(imported(bytes, NoteMapping(keys: appKeys, keepDrums: true)))
    #expect(result.placements.map(\.octaves) == [2])
    #expect(Self.keys(result) == ["C", "D", "E"])
    #expect(result.folded == 1)
    #expect(result.drumsKept == 1)
  }

  @Test func trackSummariesReportTheMoveAndWhatStillFolds() throws {
    let song = try #require(readSong(midiFile(Self.line(Self.dorianTune, name: "Tune"))))
    let summaries = trackSummaries(of: song, mapping: NoteMapping(keys: Self.concertKeys))
    #expect(summaries.map(\.octaves) == [1])
    #expect(summaries.map(\.foldedNoteCount) == [0])
    let asWritten = trackSummaries(
      of: song, mapping: NoteMapping(keys: Self.concertKeys, octaves: .note))
    #expect(asWritten.map(\.octaves) == [0])
    #expect(asWritten.map(\.foldedNoteCount) == [5])
  }
}
