import Foundation
import Testing

@Suite struct BuiltInBankTests {
  @Test func withoutABankTheBuiltInXylophonePlays() throws {
    let out = try temporaryFolder() + "/t.wav"
    let result = try run(["render", "Examples/scores/twinkle.xylo", "-o", out])
    #expect(
      result.stderr == "wrote '\(out)': 28.555 s, 1370623 frames, 48000 Hz, mono, wav pcm16\n")
    #expect(result.status == 0)
  }

  @Test func anExportedBankRendersExactlyAsTheBuiltInOne() throws {
    let folder = try temporaryFolder()
    let export = try run(["bank", "export", folder + "/bank"])
    #expect(export.stderr == "wrote 70 keys to '\(folder)/bank' as 48 kHz 24-bit WAV\n")
    #expect(listing(folder + "/bank").count == 70)
    for (name, options) in [
      ("canon", [String]()), ("resampled", ["--rate", "44100", "--channels", "2"]),
    ] {
      let score = "Examples/scores/frere-jacques-canon.xylo"
      _ = try run(["render", score, "-o", "\(folder)/\(name)-builtin.flac", "--quiet"] + options)
      _ = try run(
        [
          "render", score, "-o", "\(folder)/\(name)-exported.flac", "--quiet", "--bank",
          folder + "/bank",
        ]
          + options)
      let builtIn = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)-builtin.flac"))
      let exported = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)-exported.flac"))
      #expect(builtIn == exported, "\(name)")
    }
  }

  @Test func keysShowsEachBuiltInKeysPitchAndFrequency() throws {
    let lines = try run(["keys"]).stdout.split(separator: "\n")
    try #require(lines.count == 71)
    #expect(lines[0] == "KEY    PITCH  HZ       RATE   CHANNELS  SECONDS  FRAMES  SOURCE")
    #expect(lines[1] == "C      C6     1046.50  48000  1         0.955    45823   built-in")
    #expect(lines[9] == "F4     F4     349.23   48000  1         2.400    115200  built-in")
    #expect(lines[70] == "C8     C8     4186.01  48000  1         0.298    14301   built-in")
  }

  @Test func checkAcceptsTheChromaticNames() throws {
    let result = try run(["check", "-"], input: "F#4 Gb4 Db7 C8 HighC\n")
    #expect(result.stdout == "<stdin>: 5 taps, 5 keys, 2.500 s\n")
  }
}
