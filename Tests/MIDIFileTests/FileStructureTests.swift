import MIDIFile
import ScoreParser
import Testing

/// Formats, header and chunks: what is read, what is skipped.
@Suite struct FileStructureTests {
  @Test func formatZeroGivesEachNoteAtItsExactTime() throws {
    let bytes = midiFile(
      format: 0, division: 96,
      track(noteOn(0, 60), noteOn(32, 64), noteOn(16, 67, velocity: 1), endOfTrack))
    let song = try #require(readSong(bytes))
    #expect(song.format == 0)
    #expect(song.ticksPerQuarter == 96)
    #expect(noteLines(song) == ["0 60 100 t1 c1 #0", "32 64 100 t1 c1 #1", "48 67 1 t1 c1 #2"])
    // 120 bpm: a quarter is half a second, so tick 32 is 1/6 s and tick 48 is 1/4 s.
    #expect(
      try song.notes.map { try song.seconds(atTick: $0.tick) }.map(\.description) == [
        "0", "1/6", "1/4",
      ])
  }

  @Test func formatOneTracksSoundTogetherOrderedByTickThenTrack() throws {
    let bytes = midiFile(
      format: 1, division: 480,
      track(trackName(0, "Conductor Song"), tempo(0, 600_000), endOfTrack),
      track(trackName(0, "Right"), noteOn(0, 72), noteOn(480, 74), endOfTrack),
      track(trackName(0, "Left"), noteOn(0, 48), noteOn(240, 50), noteOn(240, 52), endOfTrack))
    let song = try #require(readSong(bytes))
    #expect(song.title == "Conductor Song")
    #expect(song.tracks.map(\.number) == [1, 2, 3])
    #expect(song.tracks.map(\.name) == ["Conductor Song", "Right", "Left"])
    #expect(
      noteLines(song) == [
        "0 72 100 t2 c1 #0", "0 48 100 t3 c1 #2", "240 50 100 t3 c1 #3", "480 74 100 t2 c1 #1",
        "480 52 100 t3 c1 #4",
      ])
    #expect(song.endTick == 480)
    #expect(try song.seconds(atTick: 480) == Rational(6, 10))
  }

  @Test func chunksOfUnknownTypeAreSkippedByTheirLength() throws {
    let alien = chunk("XFIH", Array("MTrk\u{0}\u{0}\u{0}\u{4}".utf8) + [0x90, 0x3C, 0x64, 0])
    let bytes = midiFile(
      declaredTracks: 2, alien, track(noteOn(0, 60), endOfTrack), alien,
      track(noteOn(96, 62), endOfTrack))
    let song = try #require(readSong(bytes))
    #expect(song.tracks.map(\.number) == [1, 2])
    #expect(noteLines(song) == ["0 60 100 t1 c1 #0", "96 62 100 t2 c1 #1"])
  }

  @Test func trackChunksBeyondTheDeclaredCountAreRead() throws {
    let bytes = midiFile(
      declaredTracks: 1, track(noteOn(0, 60), endOfTrack), track(noteOn(0, 64), endOfTrack))
    #expect(noteLines(readSong(bytes)) == ["0 60 100 t1 c1 #0", "0 64 100 t2 c1 #1"])
  }

  @Test func extraHeaderBytesAreSkipped() throws {
    let bytes = midiFile(extraHeader: [0xAB, 0xCD, 0x90], track(noteOn(0, 60), endOfTrack))
    #expect(noteLines(readSong(bytes)) == ["0 60 100 t1 c1 #0"])
  }

  @Test func eventsAfterEndOfTrackAreIgnored() throws {
    let bytes = midiFile(track(noteOn(0, 60), endOfTrack, noteOn(9_000, 62), [0xF4]))
    let song = try #require(readSong(bytes))
    #expect(noteLines(song) == ["0 60 100 t1 c1 #0"])
    #expect(song.endTick == 0)
  }

  @Test func aTrackWithoutEndOfTrackEndsWithItsChunk() throws {
    let bytes = midiFile(track(noteOn(0, 60), noteOn(10, 62)), track(noteOn(5, 64)))
    #expect(
      noteLines(readSong(bytes)) == [
        "0 60 100 t1 c1 #0", "5 64 100 t2 c1 #2", "10 62 100 t1 c1 #1",
      ])
  }

  @Test func theEndTickIsTheLatestEventOfAnyTrackEndOfTrackIncluded() throws {
    let bytes = midiFile(
      track(tempo(0, 500_000), meta(1_000, 0x2F, [])), track(noteOn(0, 60), meta(200, 0x2F, [])))
    #expect(readSong(bytes)?.endTick == 1_000)
  }
}
