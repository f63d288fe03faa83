import MIDIFile
import Testing

/// A control change after `delta` ticks.
private func control(_ delta: Int, _ number: Int, _ value: Int, channel: Int = 1) -> [UInt8] {
  vlq(delta) + [0xB0 | UInt8(channel - 1), UInt8(number), UInt8(value)]
}

/// A program change (0-based program) after `delta` ticks.
private func program(_ delta: Int, _ number: Int, channel: Int = 1) -> [UInt8] {
  vlq(delta) + [0xC0 | UInt8(channel - 1), UInt8(number)]
}

private func imported(_ bytes: [UInt8], keepDrums: Bool = false) throws -> MIDIImport {
  let song = try readMIDI(bytes)
  return try score(
    from: song,
    mapping: NoteMapping(keys: [("C4", 60), ("D4", 62), ("E4", 64)], keepDrums: keepDrums))
}

/// Program changes and bank selects kept with tick and channel; each tap counted under the
/// program in force on its channel.
@Suite struct ProgramChangeTests {
  @Test func programChangesKeepTheirTickChannelAndBankSelect() throws {
    let bytes = midiFile(
      track(
        control(0, 0, 8, channel: 2), control(0, 32, 1, channel: 2), program(0, 12, channel: 2),
        program(0, 13), noteOn(10, 60), program(20, 11), endOfTrack))
    let song = try readMIDI(bytes)
    #expect(
      song.programChanges.map { [Int($0.tick), $0.channel, $0.program.number] }
        == [[0, 2, 12], [0, 1, 13], [30, 1, 11]])
    #expect(song.programChanges.map(\.program.bankMSB) == [8, 0, 0])
    #expect(song.programChanges.map(\.program.bankLSB) == [1, 0, 0])
    #expect(song.programChanges[0].program.description == "program 13 (Marimba, bank 8/1)")
    #expect(song.programChanges[1].program.description == "program 14 (Xylophone)")
  }

  @Test func eachTapCountsUnderTheProgramInForceOnItsChannel() throws {
    // Channel 1: marimba for two notes, then vibraphone for one; channel 2 never changes
    // program; channel 10's drums are left out, and kept they choose nothing.
    let bytes = midiFile(
      track(
        program(0, 12), noteOn(0, 60), noteOn(10, 62), program(10, 11), noteOn(0, 64),
        noteOn(0, 60, channel: 2), program(0, 0, channel: 10), noteOn(0, 38, channel: 10),
        endOfTrack))
    #expect(
      try imported(bytes).programCounts == [MIDIProgram(number: 12): 2, MIDIProgram(number: 11): 1])
    #expect(
      try imported(bytes, keepDrums: true).programCounts
        == [MIDIProgram(number: 12): 2, MIDIProgram(number: 11): 1])
  }

  @Test func aProgramChangeInAnotherTrackReachesItsChannelsNotes() throws {
    let bytes = midiFile(
      track(control(0, 0, 1), program(0, 12), endOfTrack),
      track(noteOn(0, 60), noteOn(5, 62), endOfTrack))
    #expect(try imported(bytes).programCounts == [MIDIProgram(number: 12, bankMSB: 1): 2])
  }

  @Test func aFileWithoutProgramChangesCountsNone() throws {
    let bytes = midiFile(track(noteOn(0, 60), endOfTrack))
    #expect(try imported(bytes).programCounts.isEmpty)
  }
}
