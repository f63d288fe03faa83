import MIDIFile
import ScoreParser
import Testing

/// Track events: which are notes, which are skipped, and what metadata is kept.
@Suite struct EventTests {
  @Test func runningStatusRepeatsTheLastChannelStatus() {
    let bytes = midiFile(
      track(
        [0, 0x92, 60, 100], [10, 62, 90], [10, 64, 0], [0, 0xC2, 5], [10, 7],
        [0, 0x92, 65, 80], [5, 67, 70], endOfTrack))
    #expect(
      noteLines(readSong(bytes)) == [
        "0 60 100 t1 c3 #0", "10 62 90 t1 c3 #1", "30 65 80 t1 c3 #2", "35 67 70 t1 c3 #3",
      ])
  }

  @Test func noteOnWithVelocityZeroIsAReleaseNotANote() {
    let bytes = midiFile(
      track(noteOn(0, 60), noteOn(48, 60, velocity: 0), noteOn(48, 60), endOfTrack))
    #expect(noteLines(readSong(bytes)) == ["0 60 100 t1 c1 #0", "96 60 100 t1 c1 #1"])
  }

  @Test func otherChannelMessagesAreReadByTheirLengthAndAreNoNotes() {
    let bytes = midiFile(
      track(
        [0, 0x80, 60, 64], [0, 0xA0, 60, 10], [0, 0xB0, 7, 100], [0, 0xC0, 0x90 & 0x7F],
        [0, 0xD0, 20], [0, 0xE0, 0, 64], noteOn(1, 61), endOfTrack))
    #expect(noteLines(readSong(bytes)) == ["1 61 100 t1 c1 #0"])
  }

  @Test func metaAndSysexEventsAreSkippedByTheirLength() {
    // Their data looks like note-ons; a reader that scanned it would find notes.
    let lookalike: [UInt8] = [0x90, 0x3C, 0x64, 0x00, 0x90, 0x3E, 0x64]
    let bytes = midiFile(
      track(
        meta(0, 0x01, lookalike), [0, 0xF0] + vlq(lookalike.count + 1) + lookalike + [0xF7],
        [0, 0xF7] + vlq(lookalike.count) + lookalike,
        meta(0, 0x7F, Array(repeating: 0x90, count: 200)),
        noteOn(3, 70), endOfTrack))
    #expect(noteLines(readSong(bytes)) == ["3 70 100 t1 c1 #0"])
  }

  @Test func theFirstTracksFirstNameIsTheTitleDecodedAsUTF8WithReplacement() throws {
    let name: [UInt8] = [0x20, 0x4D, 0xC3, 0xA9, 0xFF, 0x0A, 0x6C, 0x00]
    let bytes = midiFile(
      track(meta(0, 0x03, name), trackName(0, "Second name"), endOfTrack),
      track(trackName(0, "Piano"), endOfTrack), track(endOfTrack))
    let song = try #require(readSong(bytes))
    #expect(song.title == "M\u{E9}\u{FFFD} l")
    #expect(song.tracks.map(\.name) == ["M\u{E9}\u{FFFD} l", "Piano", nil])
  }

  @Test func anUnnamedFirstTrackLeavesTheSongUntitled() {
    let bytes = midiFile(track(endOfTrack), track(trackName(0, "Piano"), endOfTrack))
    #expect(readSong(bytes)?.title == nil)
  }

  @Test func timeSignaturesAreKeptInTickOrder() {
    let bytes = midiFile(
      track(meta(0, 0x58, [6, 3, 24, 8]), meta(384, 0x58, [3, 2, 24, 8]), endOfTrack),
      track(meta(192, 0x58, [2, 1, 24, 8]), endOfTrack))
    #expect(
      readSong(bytes)?.timeSignatures.map { "\($0.tick) \($0.numerator)/\($0.denominator)" } == [
        "0 6/8", "192 2/2", "384 3/4",
      ])
  }

  @Test func notesKeepTheirChannelFrom1To16() {
    let bytes = midiFile(
      track(noteOn(0, 60, channel: 1), noteOn(0, 61, channel: 10), noteOn(0, 62, channel: 16)))
    #expect(readSong(bytes)?.notes.map(\.channel) == [1, 10, 16])
  }
}
