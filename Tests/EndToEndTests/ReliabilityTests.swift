import Foundation
import TestSupport
import Testing

/// Hostile input found by probing, each answer pinned: one limit for every length, resource
/// limits the command line alone sets. docs/reliability.md lists them.
@Suite struct LengthLimitTests {
  @Test func aScoresDurationPastTheLimitIsRefusedAtItsWordBeforeAnyWork() throws {
    let folder = try temporaryFolder()
    let score = try file(
      "song.xylo", in: folder, holding: Array("options --duration 999999\nC D E\n".utf8))
    let result = try run(["render", score, "-o", folder + "/out.wav"])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "\(score):1:9: error: --duration 999999 s is over the 7200 s limit (see --max-duration)\n"))
    #expect(listing(folder) == ["song.xylo"])
  }

  @Test(arguments: [
    (["--duration", "999999"], "--duration 999999 s"), (["--tail", "7201"], "--tail 7201 s"),
    (["--fade-out", "10000.5"], "--fade-out 10000.5 s"),
  ])
  func aLengthOptionPastTheLimitIsABadCommandLine(_ option: [String], _ named: String) throws {
    let result = try run(["render", "-", "-o", "x.wav"] + option, input: "C\n")
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: error: \(named) is over the 7200 s limit (see --max-duration)\n"))
  }

  @Test func theCallersLengthReplacesTheScoresOutOfRangeOne() throws {
    let folder = try temporaryFolder()
    let result = try run(
      ["render", "-", "-o", folder + "/out.wav", "--duration", "1"],
      input: "options --duration 999999\nC\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains(": 1.000 s, 48000 frames,"))
  }

  @Test func aLargerLimitIsTheCommandLinesToGive() throws {
    let folder = try temporaryFolder()
    let result = try run(
      [
        "render", "-", "-o", folder + "/out.flac", "--tail", "7300", "--max-duration", "7400",
        "--rate", "1000", "--quiet",
      ],
      input: "C\n")
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(arguments: ["--max-sample-seconds 9999", "--max-duration=99999", "--max-taps 5"])
  func aScoreCannotLiftALimit(_ words: String) throws {
    let result = try run(["check", "-"], input: "options \(words)\nC\n")
    #expect(result.status == 1)
    let name = words.prefix { $0 != " " && $0 != "=" }
    #expect(
      result.stderr.hasPrefix(
        "<stdin>:1:9: error: in options: \(name) is a limit the command line sets, not a score\n"))
  }

  @Test func aRingtoneLongerThanTheLimitIsRefused() throws {
    let result = try run(["ringtone", "-", "-o", "x.wav", "--seconds", "99999"], input: "C\n")
    #expect(result.status == 64)
    #expect(result.stderr.contains("--seconds 99999 s is over the 7200 s limit"))
  }
}
