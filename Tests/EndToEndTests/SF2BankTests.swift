import Foundation
import TestSupport
import Testing

/// A SoundFont of two presets, marimba (13) and xylophone (14), one 4-point sample each.
private func soundFont(in folder: String) throws -> String {
  var fixture = SF2Fixture.simple(
    [SF2Fixture.value(33, -32_768), SF2Fixture.value(34, -32_768)],
    points: [8_000, -8_000, 4_000, -4_000])
  fixture.presets.insert(
    SF2Fixture.Part(name: "Marimba", program: 12, zones: [[SF2Fixture.instrument(0)]]), at: 0)
  return try file("gm.sf2", in: folder, holding: fixture.bytes().bytes)
}

/// `--bank FILE.sf2 --preset N` from the command line, and `keys` listing a SoundFont's presets.
@Suite struct SF2BankCommandTests {
  @Test func keysListsTheSoundFontsPresetsByNumberAndName() throws {
    let folder = try temporaryFolder()
    let result = try run(["keys", "--bank", soundFont(in: folder)])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "PRESET  NAME\n13      Marimba\n14      Xylophone\n")
  }

  @Test func aPresetRendersItsSamplePitchedForEachKey() throws {
    let folder = try temporaryFolder()
    let font = try soundFont(in: folder)
    let keys = try run(["keys", "--bank", font, "--preset", "13"])
    #expect(keys.status == 0, "\(keys.stderr)")
    #expect(keys.stdout.contains("\nC4 "))
    let render = try run(
      ["render", "-", "-o", folder + "/o.wav", "--bank", font, "--preset", "0:14", "--quiet"],
      input: "C4 C5\n")
    #expect(render.status == 0, "\(render.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/o.wav")).count > 44)
    let manifest = try run(
      [
        "render", "-", "-o", folder + "/m.wav", "--bank", font, "--preset", "13", "--quiet",
        "--manifest", folder + "/m.json",
      ], input: "C4\n")
    #expect(manifest.status == 0, "\(manifest.stderr)")
    let json = try String(contentsOfFile: folder + "/m.json", encoding: .utf8)
    #expect(json.contains("\"gm.sf2 --preset 13\""), "\(json)")
  }

  @Test func aPresetTheFileLacksIsRefusedInOneLine() throws {
    let folder = try temporaryFolder()
    let font = try soundFont(in: folder)
    let result = try run(
      ["render", "-", "-o", folder + "/o.wav", "--bank", font, "--preset", "15"], input: "C4\n")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "xylo-render: error: cannot use '\(font)': it has no preset 0:15 (bank 0, program 15 of "
        + "1-128); `xylo-render keys --bank` lists its presets\n")
  }

  @Test(arguments: ["0", "129", "x", "1:2:3", "-1:5"])
  func aPresetNumberOutOfRangeIsACommandLineMistake(_ preset: String) throws {
    let folder = try temporaryFolder()
    let result = try run(["keys", "--bank", soundFont(in: folder), "--preset", preset])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: error: --preset takes a program N of 1-128 or BANK:N (bank 0-16383), not "))
  }

  @Test func aPresetWithAFolderBankIsRefused() throws {
    let folder = try temporaryFolder()
    try copyExportedBank(to: folder + "/bank")
    let result = try run(
      ["render", "-", "-o", folder + "/o.wav", "--bank", folder + "/bank", "--preset", "14"],
      input: "C\n")
    #expect(result.status != 0)
    #expect(result.stderr.contains("--preset 14 chooses a preset of a SoundFont"))
  }
}
