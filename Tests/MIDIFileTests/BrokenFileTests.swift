import MIDIFile
import ScoreParser
import Testing

/// Every way a file can be refused, with its whole one-line message. The header chunk takes
/// bytes 0–13, so the first track chunk starts at byte 14 and its first event at byte 22.
@Suite struct BrokenFileTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var message: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "empty file", bytes: [],
      message: "byte 0: not a Standard MIDI File (it does not start with 'MThd')"),
    Case(
      name: "another format", bytes: Array("RIFF\u{0}\u{0}\u{0}\u{4}RMID".utf8),
      message: "byte 0: not a Standard MIDI File (it does not start with 'MThd')"),
    Case(
      name: "header cut inside its chunk header", bytes: Array("MThd".utf8) + [0, 0],
      message: "byte 0: truncated chunk: its header needs 8 bytes, 6 remain"),
    Case(
      name: "header cut inside its body", bytes: Array("MThd".utf8) + [0, 0, 0, 6, 0, 1],
      message: "byte 0: truncated chunk: it declares 6 bytes, 2 remain"),
    Case(
      name: "header shorter than 6 bytes", bytes: chunk("MThd", [0, 1, 0, 1]) + track(endOfTrack),
      message: "byte 4: the header chunk declares 4 bytes; it needs at least 6"),
    Case(
      name: "format 2", bytes: midiFile(format: 2, track(endOfTrack)),
      message: "byte 8: format 2 (independent sequences) is not supported"),
    Case(
      name: "format 3", bytes: midiFile(format: 3, track(endOfTrack)),
      message: "byte 8: unknown format 3; formats 0 and 1 are read"),
    Case(
      name: "SMPTE division", bytes: midiFile(division: 0xE728, track(endOfTrack)),
      message:
        "byte 12: SMPTE time division (frames per second) is not supported; only ticks per quarter note"
    ),
    Case(
      name: "division 0", bytes: midiFile(division: 0, track(endOfTrack)),
      message: "byte 12: division 0: a quarter note needs at least 1 tick"),
    Case(
      name: "no chunks after the header", bytes: midiFile(),
      message: "byte 14: the file holds no tracks"),
    Case(
      name: "no track chunks", bytes: midiFile(chunk("XFIH", [1, 2])),
      message: "byte 24: the file holds no tracks"),
    Case(
      name: "track chunk longer than the file",
      bytes: midiFile(chunk("MTrk", [0, 0x90, 60, 100], declaredLength: 20)),
      message: "byte 14 (track 1): truncated chunk: it declares 20 bytes, 4 remain"),
    Case(
      name: "unknown chunk longer than the file",
      bytes: midiFile(track(endOfTrack), chunk("XFIH", [1, 2], declaredLength: 9)),
      message: "byte 26: truncated chunk: it declares 9 bytes, 2 remain"),
    Case(
      name: "stray bytes and no track",
      bytes: midiFile(format: 0, declaredTracks: 0) + Array("MTr".utf8),
      message: "byte 14: truncated chunk: its header needs 8 bytes, 3 remain"),
    Case(
      name: "chunk length cutting a note-on",
      bytes: midiFile(chunk("MTrk", [0, 0x90, 60, 100] + endOfTrack, declaredLength: 3)),
      message: "byte 22 (track 1): the track ends inside an event"),
    Case(
      name: "chunk length cutting a delta time", bytes: midiFile(track([0x81])),
      message: "byte 22 (track 1): the track ends inside an event"),
    Case(
      name: "chunk length cutting a meta event's length", bytes: midiFile(track([0, 0xFF, 0x51])),
      message: "byte 22 (track 1): the track ends inside an event"),
    Case(
      name: "data byte first in a track", bytes: midiFile(track([0, 60, 100])),
      message: "byte 23 (track 1): a data byte with no running status"),
    Case(
      name: "data byte after a meta event, which cancels running status",
      bytes: midiFile(track(noteOn(0, 60), meta(0, 0x01, []), [0, 62, 100])),
      message: "byte 31 (track 1): a data byte with no running status"),
    Case(
      name: "data byte after a sysex event, which cancels running status",
      bytes: midiFile(track(noteOn(0, 60), [0, 0xF0, 1, 0xF7], [0, 62, 100])),
      message: "byte 31 (track 1): a data byte with no running status"),
    Case(
      name: "data byte with no running status in track 2",
      bytes: midiFile(track(endOfTrack), track([0, 60])),
      message: "byte 35 (track 2): a data byte with no running status"),
    Case(
      name: "status byte where a data byte belongs", bytes: midiFile(track([0, 0x90, 60, 0x91])),
      message: "byte 25 (track 1): status byte 0x91 where a data byte belongs"),
    Case(
      name: "system common message", bytes: midiFile(track([0, 0xF1, 0])),
      message: "byte 23 (track 1): status byte 0xF1 cannot appear in a MIDI file"),
    Case(
      name: "5-byte delta time", bytes: midiFile(track([0x81, 0x80, 0x80, 0x80, 0, 0x90, 60, 1])),
      message: "byte 22 (track 1): a delta time longer than 4 bytes"),
    Case(
      name: "5-byte meta length",
      bytes: midiFile(track([0, 0xFF, 0x01, 0x81, 0x80, 0x80, 0x80, 0])),
      message: "byte 25 (track 1): an event length longer than 4 bytes"),
    Case(
      name: "tempo 0", bytes: midiFile(track(tempo(96, 0), endOfTrack)),
      message: "byte 23 (track 1): tempo 0 (microseconds per quarter note) at tick 96"),
    Case(
      name: "set-tempo event of 2 bytes", bytes: midiFile(track(meta(0, 0x51, [7, 0xA1]))),
      message: "byte 23 (track 1): a set-tempo event must hold 3 bytes, not 2"),
    Case(
      name: "sysex past the end of the track", bytes: midiFile(track([0, 0xF0, 0x10, 1, 2])),
      message: "byte 23 (track 1): a sysex/meta event runs past the end of the track"),
    Case(
      name: "escaped sysex past the end of the track", bytes: midiFile(track([0, 0xF7, 3, 1])),
      message: "byte 23 (track 1): a sysex/meta event runs past the end of the track"),
    Case(
      name: "meta event past the end of the track",
      bytes: midiFile(track([0, 0xFF, 0x01, 5, 0x41])),
      message: "byte 23 (track 1): a sysex/meta event runs past the end of the track"),
  ]

  @Test(arguments: cases)
  func aBrokenFileIsRefusedWithOneLineSayingWhereAndWhy(_ broken: Case) {
    #expect(readError(broken.bytes) == broken.message)
  }
}

/// A header that misstates its tracks, several tracks in format 0, and stray bytes after the
/// last chunk: every track present is read, and each is a warning at its byte.
@Suite struct StructureWarningTests {
  private func warnings(_ bytes: [UInt8]) throws -> [String] {
    try readMIDI(bytes).warnings.map(\.description)
  }

  @Test func everyTrackPresentIsReadWhateverTheHeaderDeclares() throws {
    let notes = track(noteOn(0, 60), endOfTrack)
    for declared in [0, 3] {
      let bytes = midiFile(format: 1, declaredTracks: declared, notes)
      #expect(try readMIDI(bytes).notes.count == 1)
      #expect(
        try warnings(bytes) == [
          "byte 10: the header declares \(declared) tracks, the file holds 1; every track present is read"
        ])
    }
  }

  @Test func severalTracksInFormat0AreReadAsInFormat1() throws {
    let bytes = midiFile(
      format: 0, declaredTracks: 2, track(noteOn(0, 60), endOfTrack),
      track(noteOn(0, 64), endOfTrack))
    #expect(try readMIDI(bytes).notes.count == 2)
    #expect(
      try warnings(bytes) == [
        "byte 8: format 0 holds one track, this file 2; all are read, as in format 1"
      ])
  }

  @Test func bytesAfterTheLastChunkAreIgnoredSayingWhere() throws {
    let bytes = midiFile(track(endOfTrack)) + Array("MTr".utf8)
    #expect(
      try warnings(bytes) == ["byte 26: 3 bytes after the last chunk are not a chunk; ignored"])
  }

  @Test func aSoundFileHasNoWarnings() throws {
    #expect(try warnings(midiFile(track(noteOn(0, 60), endOfTrack))).isEmpty)
  }
}
