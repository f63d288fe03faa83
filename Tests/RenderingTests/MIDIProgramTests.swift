import Foundation
import Rendering
import SampleBank
import Settings
import TestSupport
import Testing

/// A SoundFont of two presets whose samples differ, so the sound tells which played: marimba
/// (program 13) a slow square wave, xylophone (14) a fast one, and nothing else.
private func soundFont(in folder: String) throws -> String {
  let instant = [SF2Fixture.value(33, -32_768), SF2Fixture.value(34, -32_768)]
  let fixture = SF2Fixture(
    presets: [
      SF2Fixture.Part(name: "Marimba", program: 12, zones: [[SF2Fixture.instrument(1)]]),
      SF2Fixture.Part(name: "Xylophone", program: 13, zones: [[SF2Fixture.instrument(0)]]),
    ],
    instruments: [
      SF2Fixture.Part(name: "Xylo", zones: [instant + [SF2Fixture.sample(0)]]),
      SF2Fixture.Part(name: "Mari", zones: [instant + [SF2Fixture.sample(1)]]),
    ],
    samples: [
      SF2Fixture.Sample(name: "fast", points: [8_000, -8_000, 8_000, -8_000, 8_000, -8_000]),
      SF2Fixture.Sample(name: "slow", points: [8_000, 8_000, 8_000, -8_000, -8_000, -8_000]),
    ])
  return try file("gm.sf2", in: folder, holding: fixture.bytes().bytes)
}

/// A format 0 MIDI file at 96 ticks a quarter: `events` (delta, status and data bytes) then the
/// end of the track.
private func midi(in folder: String, _ events: [[UInt8]]) throws -> String {
  let body: [UInt8] = events.flatMap { $0 } + [0, 0xFF, 0x2F, 0]
  func big(_ value: Int, _ count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
  let header: [UInt8] = Array("MThd".utf8) + big(6, 4) + big(0, 2) + big(1, 2) + big(96, 2)
  let bytes: [UInt8] = header + Array("MTrk".utf8) + big(body.count, 4) + body
  return try file("song.mid", in: folder, holding: bytes)
}

private func program(_ number: Int, channel: Int = 1) -> [UInt8] {
  [0, 0xC0 | UInt8(channel - 1), UInt8(number)]
}

private func note(_ delta: UInt8, _ key: Int = 60, channel: Int = 1) -> [UInt8] {
  [delta, 0x90 | UInt8(channel - 1), UInt8(key), 100]
}

/// The song's rendered values.
private func values(_ song: Song) throws -> [Float] {
  try song.render().values
}

/// A MIDI file's own program changes choose a SoundFont's preset when no preset is given.
@Suite struct MIDIProgramTests {
  @Test func theProgramOfTheNotesChoosesThePreset() throws {
    let folder = try temporaryFolder()
    let font = try soundFont(in: folder)
    let path = try midi(in: folder, [program(12), note(0), note(48, 62)])
    let song = try Song(file: path, options: SoundOptions(bank: font))
    #expect(song.options.preset == PresetNumber(program: 13))
    #expect(song.bank.soundFontPreset?.name == "Marimba")
    #expect(song.warnings.isEmpty, "\(song.warnings)")
    #expect(
      song.notes.contains(
        "plays preset 13 'Marimba' of 'gm.sf2': the program 13 (Marimba) of its notes; "
          + "--preset N chooses another"), "\(song.notes)")
    let marimba = try Song(
      file: path, options: SoundOptions(bank: font, preset: .init(program: 13)))
    let xylophone = try Song(
      file: path, options: SoundOptions(bank: font, preset: .init(program: 14)))
    #expect(try values(song) == values(marimba))
    #expect(try values(song) != values(xylophone))
    let (_, manifest) = try song.renderWithManifest(to: .file(folder + "/o.wav"))
    #expect(manifest.jsonText.contains("\"bank\": \"gm.sf2 --preset 13\""), "\(manifest.jsonText)")
  }

  @Test func aGivenPresetOverridesTheFilesPrograms() throws {
    let folder = try temporaryFolder()
    let font = try soundFont(in: folder)
    let path = try midi(in: folder, [program(12), note(0)])
    let song = try Song(file: path, options: SoundOptions(bank: font, preset: .init(program: 14)))
    #expect(song.bank.soundFontPreset?.name == "Xylophone")
    #expect(song.notes.allSatisfy { !$0.contains("preset") })
  }

  @Test func severalProgramsPlayTheProgramOfMostNotesWithOneWarning() throws {
    let folder = try temporaryFolder()
    let font = try soundFont(in: folder)
    let path = try midi(
      in: folder,
      [
        program(13), program(12, channel: 2), note(0), note(0, 64, channel: 2),
        note(10, 67, channel: 2),
      ]
    )
    let song = try Song(file: path, options: SoundOptions(bank: font))
    #expect(song.bank.soundFontPreset?.name == "Marimba")
    #expect(
      song.warnings == [
        "its notes play 2 programs; all play preset 13, the program of the most (program 13 "
          + "(Marimba): 2 notes), not program 14 (Xylophone): 1 note; --preset N chooses one"
      ])
  }

  @Test func aProgramTheSoundFontLacksIsNamedAndTheDefaultPlays() throws {
    let folder = try temporaryFolder()
    let font = try soundFont(in: folder)
    let path = try midi(in: folder, [program(0), note(0)])
    let song = try Song(file: path, options: SoundOptions(bank: font))
    #expect(song.bank.soundFontPreset?.name == "Xylophone")
    #expect(song.options.preset == nil)
    #expect(
      song.warnings == [
        "'gm.sf2' has no preset 1 for program 1 (Acoustic Grand Piano): 1 note; its default "
          + "preset plays them"
      ])
  }

  @Test func drumsAndFilesWithoutProgramsKeepTheDefault() throws {
    let folder = try temporaryFolder()
    let font = try soundFont(in: folder)
    let plain = try Song(file: try midi(in: folder, [note(0)]), options: SoundOptions(bank: font))
    #expect(plain.bank.soundFontPreset?.name == "Xylophone")
    #expect(plain.options.preset == nil && plain.warnings.isEmpty)
    let drums = try midi(in: folder, [program(12, channel: 10), note(0, 60, channel: 10), note(0)])
    let song = try Song(
      file: drums, options: SoundOptions(bank: font), midi: MIDIChoices(keepDrums: true))
    #expect(song.bank.soundFontPreset?.name == "Xylophone")
  }
}
