import MIDIFile
import ScoreParser
import Testing

/// From notes to taps: selection, keys, octave folding and what is counted.
@Suite struct NoteMappingTests {
  @Test func eachNoteBecomesATapAtItsExactTimeWithGainFromVelocity() throws {
    let bytes = midiFile(
      division: 96, track(trackName(0, "Tune"), tempo(0, 600_000), endOfTrack),
      track(
        noteOn(0, 84, velocity: 127), noteOn(32, 86, velocity: 64, channel: 3), meta(64, 0x2F, [])))
    let result = try #require(imported(bytes, NoteMapping(keys: appKeys)))
    let taps = result.score.taps
    #expect(tapLines(taps) == ["0 C", "1/5 D"])
    let gains: [Double] = [1, 64.0 / 127]
    #expect(taps.map(\.gain) == gains)
    #expect(taps.map(\.line) == [2, 2])
    #expect(taps.map(\.column) == [1, 3])
    #expect(taps.map(\.sequence) == [0, 1])
    #expect(result.score.title == "Tune")
    #expect(result.score.duration == Rational(3, 5))
    #expect(result.score.tempoChanges == [TempoChange(time: .zero, beatsPerMinute: Rational(100))])
    #expect(describe(result).isEmpty)
  }

  @Test func eachTrackIsAVoiceNamedByTheTrack() throws {
    let bytes = midiFile(
      division: 96, track(trackName(0, "Tune"), endOfTrack),
      track(trackName(0, "Piano"), noteOn(0, 84), meta(96, 0x2F, [])),
      track(noteOn(0, 86), meta(96, 0x2F, [])))
    let result = try #require(imported(bytes, NoteMapping(keys: appKeys)))
    #expect(result.score.voices == ["Tune", "Piano", "track 3"])
    #expect(result.score.taps.map(\.voice) == [1, 2])
  }

  @Test func scoreTempoChangesStartAt120AndLeaveOutRepeats() throws {
    let bytes = midiFile(
      division: 96, track(tempo(96, 1_000_000), tempo(96, 1_000_000), tempo(96, 500_000)))
    let result = try #require(imported(bytes, NoteMapping(keys: appKeys)))
    #expect(
      result.score.tempoChanges.map { "\($0.time) \($0.beatsPerMinute)" } == [
        "0 120", "1/2 60", "5/2 120",
      ])
  }

  @Test func restruckUnisonAndUnreleasedNotesAreSeparateTaps() throws {
    let bytes = midiFile(
      division: 96,
      track(
        noteOn(0, 84), noteOn(0, 84), noteOn(48, 84), noteOn(0, 84, velocity: 0), noteOn(48, 84)),
      track(noteOn(0, 84)))
    let result = try #require(imported(bytes, NoteMapping(keys: appKeys)))
    #expect(tapLines(result.score.taps) == ["0 C", "0 C", "0 C", "1/4 C", "1/2 C"])
    #expect(result.score.taps.map(\.line) == [1, 1, 2, 1, 1])
    #expect(result.score.taps.map(\.sequence) == [0, 1, 2, 3, 4])
  }

  @Test func drumsAreLeftOutAndCountedUnlessKept() throws {
    let bytes = midiFile(
      track(noteOn(0, 84), noteOn(0, 36, channel: 10), noteOn(0, 38, channel: 10)))
    let skipped = try #require(imported(bytes, NoteMapping(keys: appKeys)))
    #expect(tapLines(skipped.score.taps) == ["0 C"])
    #expect(skipped.drumsSkipped == 2)
    #expect(describe(skipped) == ["2 drum notes (channel 10) left out; --drums keeps them"])
    let kept = try #require(imported(bytes, NoteMapping(keys: appKeys, keepDrums: true)))
    #expect(tapLines(kept.score.taps) == ["0 C", "0 C", "0 D"])
    #expect(kept.drumsSkipped == 0)
    #expect(kept.folded == 2)
  }

  struct FoldCase: CustomTestStringConvertible, Sendable {
    var note: Int
    var key: String
    var testDescription: String { "note \(note) plays \(key)" }
  }

  @Test(arguments: [
    FoldCase(note: 72, key: "C"), FoldCase(note: 48, key: "C"), FoldCase(note: 108, key: "HighC"),
    FoldCase(note: 127, key: "G"), FoldCase(note: 74, key: "D"), FoldCase(note: 100, key: "E"),
    FoldCase(note: 0, key: "C"), FoldCase(note: 95, key: "B"),
  ])
  func foldingMovesANoteByOctavesToTheNearestKeyOfItsPitchClass(_ fold: FoldCase) throws {
    let bytes = midiFile(track(noteOn(0, fold.note)))
    let result = try #require(imported(bytes, NoteMapping(keys: appKeys, octaves: .note)))
    #expect(tapLines(result.score.taps) == ["0 \(fold.key)"])
    #expect(result.folded == (fold.note == 95 ? 0 : 1))
  }

  @Test func foldingHalfwayBetweenTwoKeysTakesTheLower() throws {
    let bytes = midiFile(track(noteOn(0, 60)))
    let keys = [(title: "C5", note: 72), (title: "C3", note: 48)]
    let mapping = NoteMapping(keys: keys, octaves: .note)
    #expect(tapLines(imported(bytes, mapping)?.score.taps) == ["0 C3"])
  }

  @Test func skippingLeavesOutNotesBeyondTheRangeAndCountsThem() throws {
    let bytes = midiFile(track(noteOn(0, 72), noteOn(0, 84), noteOn(0, 108), noteOn(0, 61)))
    let mapping = NoteMapping(keys: appKeys, outOfRange: .skip, octaves: .note)
    let result = try #require(imported(bytes, mapping))
    #expect(tapLines(result.score.taps) == ["0 C"])
    #expect(result.skipped == 2)
    #expect(result.unplayable == 1)
    #expect(
      describe(result) == [
        "2 notes outside the bank's range left out; --out-of-range fold moves them by octaves",
        "1 note (C#4, track 1, 0.000 s) has no key in the bank at any octave and is left out",
      ])
  }

  @Test func theErrorModeNamesTheFirstNoteWithoutAKey() throws {
    let bytes = midiFile(
      division: 96, track(noteOn(2_400, 108)), track(noteOn(2_400, 109), noteOn(0, 86)))
    let keys = appKeys + [(title: "C#6", note: 85)]
    let song = try #require(readSong(bytes))
    #expect(throws: MIDIError(message: "note C8 (track 1, 12.500 s) has no key in the bank")) {
      try score(from: song, mapping: NoteMapping(keys: keys, outOfRange: .error, octaves: .note))
    }
    let second = NoteMapping(keys: keys, outOfRange: .error, tracks: [2])
    #expect(throws: MIDIError(message: "note C#8 (track 2, 12.500 s) has no key in the bank")) {
      try score(from: song, mapping: second)
    }
  }

  @Test(arguments: [NoteMapping.OutOfRange.fold, .skip])
  func sharpsTheAppKeysLackAreLeftOutAndCountedWithTheFirst(_ mode: NoteMapping.OutOfRange) throws {
    let bytes = midiFile(
      division: 96, track(noteOn(300, 61), noteOn(0, 84)), track(noteOn(240, 85), noteOn(240, 90)))
    let result = try #require(imported(bytes, NoteMapping(keys: appKeys, outOfRange: mode)))
    #expect(tapLines(result.score.taps) == ["25/16 C"])
    #expect(result.unplayable == 3)
    #expect(
      result.firstUnplayable
        == NoteOccurrence(name: "C#6", track: 2, seconds: Rational(5, 4) ?? .zero))
    #expect(
      describe(result) == [
        "3 notes (first C#6, track 2, 1.250 s) have no key in the bank at any octave and are left out"
      ])
  }

  @Test func sharpsTheAppKeysLackAreAnErrorInTheErrorMode() throws {
    let song = try #require(readSong(midiFile(division: 96, track(noteOn(240, 85)))))
    #expect(throws: MIDIError(message: "note C#6 (track 1, 1.250 s) has no key in the bank")) {
      try score(from: song, mapping: NoteMapping(keys: appKeys, outOfRange: .error))
    }
  }

  @Test func aNoteSeveralTitlesPlayUsesTheOneNamedAfterIt() throws {
    let bytes = midiFile(track(noteOn(0, 84)))
    let named = [(title: "C", note: 84), (title: "C6", note: 84), (title: "Do", note: 84)]
    #expect(tapLines(imported(bytes, NoteMapping(keys: named))?.score.taps) == ["0 C6"])
    let unnamed = [(title: "C", note: 84), (title: "Do", note: 84)]
    #expect(tapLines(imported(bytes, NoteMapping(keys: unnamed))?.score.taps) == ["0 C"])
  }

  @Test func transposingComesBeforeTheLookUp() throws {
    let bytes = midiFile(track(noteOn(0, 72), noteOn(0, 74)))
    let up = try #require(imported(bytes, NoteMapping(keys: appKeys, transpose: 12)))
    #expect(tapLines(up.score.taps) == ["0 C", "0 D"])
    #expect(up.folded == 0)
    let sharp = try #require(imported(bytes, NoteMapping(keys: appKeys, transpose: 13)))
    #expect(sharp.unplayable == 2)
    #expect(sharp.firstUnplayable?.name == "C#6")
  }

  @Test func aTransposeBeyond1000SemitonesIsRefused() throws {
    let song = try #require(readSong(midiFile(track(noteOn(0, 60)))))
    #expect(
      throws: MIDIError(message: "transpose by -1001 semitones is out of range (-1000 to 1000)")
    ) { try score(from: song, mapping: NoteMapping(keys: appKeys, transpose: -1_001)) }
  }

  @Test func onlyTheSelectedTracksAndChannelsPlay() throws {
    let bytes = midiFile(
      track(noteOn(0, 84, channel: 2), noteOn(0, 36, channel: 10)),
      track(noteOn(0, 86, channel: 1), noteOn(0, 88, channel: 2), noteOn(0, 38, channel: 10)))
    let tracks = try #require(imported(bytes, NoteMapping(keys: appKeys, tracks: [2])))
    #expect(tapLines(tracks.score.taps) == ["0 D", "0 E"])
    #expect(tracks.drumsSkipped == 1)
    let channels = try #require(imported(bytes, NoteMapping(keys: appKeys, channels: [2])))
    #expect(tapLines(channels.score.taps) == ["0 C", "0 E"])
    #expect(channels.drumsSkipped == 0)
    let both = NoteMapping(keys: appKeys, tracks: [1], channels: [2, 10])
    #expect(tapLines(imported(bytes, both)?.score.taps) == ["0 C"])
  }

  @Test func describeGivesOneLinePerKindOfChangeInTheSingularWhereItIsOne() throws {
    let bytes = midiFile(
      division: 96, track(noteOn(0, 36, channel: 10), noteOn(0, 72), noteOn(96, 61)))
    let result = try #require(imported(bytes, NoteMapping(keys: appKeys, octaves: .note)))
    #expect(
      describe(result) == [
        "1 drum note (channel 10) left out; --drums keeps it",
        "track 1: 1 of its 2 notes moved by octaves into the bank's range one by one",
        "--out-of-range skip or error changes what happens to a note the bank lacks",
        "1 note (C#4, track 1, 0.500 s) has no key in the bank at any octave and is left out",
      ])
  }
}
