import Foundation
import SoundFile
import TestSupport
import Testing

@Suite struct BuiltInBankTests {
  @Test func withoutABankTheBuiltInXylophonePlays() throws {
    let out = try temporaryFolder() + "/t.wav"
    let result = try run(["render", "Examples/scores/twinkle.xylo", "-o", out])
    #expect(
      result.stderr == "wrote '\(out)': 28.868 s, 1385674 frames, 48000 Hz, mono, wav pcm16\n")
    #expect(result.status == 0)
  }

  @Test func anExportedBankRendersFullStrikesExactlyAsTheBuiltInOne() throws {
    let folder = try temporaryFolder()
    let export = try run(["bank", "export", folder + "/bank"])
    #expect(export.status == 0)
    // 70 titles, the SFZ instrument and its layers' folder.
    #expect(listing(folder + "/bank").filter { $0.hasSuffix(".wav") }.count == 70)
    #expect(listing(folder + "/bank").count == 72)
    // Every tap of twinkle is struck at gain 1, the strike the export holds.
    for (name, options) in [
      ("twinkle", [String]()), ("resampled", ["--rate", "44100", "--channels", "2"]),
    ] {
      let score = "Examples/scores/twinkle.xylo"
      let bank = ["--bank", folder + "/bank"]
      _ = try run(["render", score, "-o", "\(folder)/\(name)-builtin.flac", "--quiet"] + options)
      _ = try run(
        ["render", score, "-o", "\(folder)/\(name)-exported.flac", "--quiet"] + bank + options)
      let same =
        try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)-builtin.flac"))
        == Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)-exported.flac"))
      #expect(same, "\(name)")
    }
  }

  @Test func aSoftTapOfTheBuiltInBankIsASofterStrikeButARecordedBankScalesItsSample() throws {
    let folder = try temporaryFolder()
    try copyExportedBank(to: folder + "/bank")
    // C*0.25, 12 dB down: the built-in bank strikes it more softly, the exported folder (like
    // any recording) plays the full strike at a quarter of its level.
    func render(_ score: String, bank: [String]) throws -> [Float] {
      let out = folder + "/out.wav"
      _ = try run(
        ["render", "-", "-o", out, "--quiet", "--encoding", "float"] + bank, input: score)
      return try SoundFileReader(path: out).readAll(maxFrames: 1_000_000)
    }
    let exported = ["--bank", folder + "/bank"]
    let (full, soft) = (try render("C\n", bank: []), try render("C*0.25\n", bank: []))
    let (fullRecorded, softRecorded) = (
      try render("C\n", bank: exported), try render("C*0.25\n", bank: exported)
    )
    #expect(full == fullRecorded)
    #expect(zip(fullRecorded, softRecorded).allSatisfy { $0 * 0.25 == $1 })
    // Brightness: the energy of the sample-to-sample change against the energy, first 20 ms.
    func brightness(_ values: [Float]) -> Float {
      let head = values.prefix(960)
      let change = zip(head, head.dropFirst()).reduce(Float(0)) {
        $0 + ($1.1 - $1.0) * ($1.1 - $1.0)
      }
      return change / head.reduce(0) { $0 + $1 * $1 }
    }
    #expect(brightness(soft) < 0.7 * brightness(full), "\(brightness(soft)) \(brightness(full))")
    // The gain still sets the level: every strike peaks where the full one does, times it.
    let peak = { (values: [Float]) in values.map(abs).max() ?? 0 }
    #expect(abs(peak(soft) - peak(full) * 0.25) < 1e-6, "\(peak(soft)) \(peak(full))")
  }

  @Test func keysShowsEachBuiltInKeysPitchAndFrequency() throws {
    let lines = try run(["keys"]).stdout.split(separator: "\n")
    try #require(lines.count == 71)
    #expect(lines[0] == "KEY    PITCH  HZ       RATE   CHANNELS  SECONDS  FRAMES  SOURCE")
    #expect(lines[1] == "C      C6     1046.50  48000  1         0.768    36874   built-in")
    #expect(lines[9] == "F4     F4     349.23   48000  1         1.128    54142   built-in")
    #expect(lines[70] == "C8     C8     4186.01  48000  1         0.473    22698   built-in")
  }

  @Test func checkAcceptsTheChromaticNames() throws {
    let result = try run(["check", "-"], input: "F#4 Gb4 Db7 C8 HighC\n")
    #expect(result.stdout == "<stdin>: 5 taps, 5 keys, 2.500 s\n")
  }
}
