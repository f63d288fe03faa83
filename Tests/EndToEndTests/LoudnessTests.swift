import Foundation
import TestSupport
import Testing

/// Loudness targets in `render` and the `loudness` command.
@Suite struct LoudnessCommandTests {
  @Test func aRenderAtALoudnessTargetMeasuresAtIt() throws {
    let folder = try temporaryFolder()
    let render = try run([
      "render", "Examples/scores/twinkle.xylo", "-o", folder + "/t.wav", "--loudness", "-14",
    ])
    #expect(render.status == 0)
    #expect(
      render.stderr.hasPrefix(
        "xylo-render: note: loudness -14.0 LUFS, true peak -1.2 dBTP; a limiter turned the loudest peak down 9.9 dB\n"
      ))
    let measured = try run(["loudness", folder + "/t.wav"])
    #expect(
      measured.stdout
        == "-14.0 LUFS  range 3.1 LU  true peak -1.2 dBTP  sample peak -1.8 dBFS  \(folder)/t.wav\n"
    )
  }

  @Test func aTargetPastTheLimitersReachIsMissedAndSaysByHowMuch() throws {
    let folder = try temporaryFolder()
    let result = try run([
      "render", "Examples/scores/twinkle.xylo", "-o", folder + "/t.wav", "--loudness", "-8",
    ])
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: warning: the loudness reached -11.8 LUFS (true peak -1.0 dBTP), 3.8 LU under the target -8.0 LUFS\n"
      ))
    let json = try run(["loudness", folder + "/t.wav", "--json"])
    #expect(json.stdout.contains("\"true_peak_dbtp\": -1.0"))
  }

  @Test func loudnessTakesNoGainOrNormalizeBesides() throws {
    let result = try run(["render", "x.xylo", "-o", "x.wav", "--loudness", "-14", "--gain", "1"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: error: --loudness cannot be combined with --gain or --normalize; --loudness sets the gain\n"
      ))
  }

  @Test func anUnreadableFileIsNamedAndTheOthersAreMeasured() throws {
    let folder = try temporaryFolder()
    #expect(
      try run(["render", "Examples/scores/mary.xylo", "-o", folder + "/m.wav", "--quiet"]).status
        == 0)
    let result = try run(["loudness", folder + "/missing.wav", folder + "/m.wav"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("xylo-render: error: cannot read '\(folder)/missing.wav': "))
    #expect(result.stdout.hasSuffix("  \(folder)/m.wav\n"))
  }
}
