import Foundation
import Rendering
import Testing

/// The built binary's stdout, stderr and exit status for the front-end paths.
@Suite struct CommandLineTests {
  /// Help texts are compared byte for byte with `help/*.txt`; `XYLO_RECORD=1` re-records them.
  @Test(arguments: [
    (["--help"], "tool"), (["help"], "tool"), (["check", "--help"], "check"),
    (["events", "-h"], "events"), (["help", "events"], "events"), (["render", "--help"], "render"),
    (["keys", "--help"], "keys"), (["bank", "--help"], "bank"), (["compare", "--help"], "compare"),
    (["hash", "--help"], "hash"), (["convert", "--help"], "convert"), (["test", "--help"], "test"),
    (["loudness", "--help"], "loudness"), (["ringtone", "--help"], "ringtone"),
    (["video", "--help"], "video"), (["picture", "--help"], "picture"),
    (["info", "--help"], "info"), (["page", "--help"], "page"),
    (["completions", "--help"], "completions"), (["manual", "--help"], "manual"),
  ])
  func helpMatchesTheRecordedTextByteForByte(_ arguments: [String], _ name: String) throws {
    let result = try run(arguments)
    let golden = packageRoot.appendingPathComponent("Tests/EndToEndTests/help/\(name).txt")
    if ProcessInfo.processInfo.environment["XYLO_RECORD"] == "1" {
      try Data(result.stdout.utf8).write(to: golden)
    }
    #expect(result.stdout == (try String(contentsOf: golden, encoding: .utf8)))
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  /// A build that names no commit (as `swift test`'s) says so; each library says its version as
  /// the one installed reports it.
  @Test func versionNamesTheToolItsCommitAndEachLibrary() throws {
    for arguments in [["--version"], ["check", "--version"]] {
      let result = try run(arguments)
      let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.first == "xylo-render \(xyloRenderVersion) (unknown commit)")
      let libraries = ["libsndfile-1.", "libsoxr-0.", "libebur128 1.", "FFmpeg ", "Cairo 1.", ""]
      #expect(lines.count == 1 + libraries.count)
      for (line, prefix) in zip(lines.dropFirst(), libraries) {
        #expect(line.hasPrefix(prefix), "\(line)")
      }
      #expect(lines.contains { $0.hasPrefix("FFmpeg ") && $0.contains("(libavutil 5") })
      #expect(result.status == 0)
    }
  }

  @Test(arguments: [
    (
      [String](),
      "xylo-render: error: missing command\n"
        + "USAGE: xylo-render <command> [options] (see 'xylo-render --help')\n"
    ),
    (
      ["render2"],
      "xylo-render: error: unknown command 'render2'\n"
        + "USAGE: xylo-render <command> [options] (see 'xylo-render --help')\n"
    ),
    (
      ["check"],
      "xylo-render: error: missing SCORE\n"
        + "USAGE: xylo-render check [--bank DIR] [--max-taps N] [--max-duration SECONDS] SCORE...\n"
    ),
    (
      ["check", "--fast", "x"],
      "xylo-render: error: unknown option '--fast'\n"
        + "USAGE: xylo-render check [--bank DIR] [--max-taps N] [--max-duration SECONDS] SCORE...\n"
    ),
    (
      ["events", "a", "b"],
      "xylo-render: error: events takes one SCORE, got 2\n"
        + "USAGE: xylo-render events [--rate HZ] [--exact] [--start TIME] [--end TIME] [--bank DIR] [--max-taps N] [--max-duration SECONDS] SCORE\n"
    ),
    (
      ["events", "--rate", "0", "a"],
      "xylo-render: error: --rate needs a whole number of hertz from 1000 to 768000, got '0'\n"
        + "USAGE: xylo-render events [--rate HZ] [--exact] [--start TIME] [--end TIME] [--bank DIR] [--max-taps N] [--max-duration SECONDS] SCORE\n"
    ),
    (
      ["events", "a", "--rate"],
      "xylo-render: error: option '--rate' needs a value\n"
        + "USAGE: xylo-render events [--rate HZ] [--exact] [--start TIME] [--end TIME] [--bank DIR] [--max-taps N] [--max-duration SECONDS] SCORE\n"
    ),
    (
      ["check", "--max-duration", "-5", "a"],
      "xylo-render: error: --max-duration needs a positive number of seconds, got '-5'\n"
        + "USAGE: xylo-render check [--bank DIR] [--max-taps N] [--max-duration SECONDS] SCORE...\n"
    ),
  ])
  func badCommandLinesExit64WithAReasonAndTheUsage(_ arguments: [String], _ expected: String)
    throws
  {
    let result = try run(arguments)
    #expect(result.stderr == expected)
    #expect(result.stdout == "")
    #expect(result.status == 64)
  }
}
