import Foundation
import Testing

@testable import xylo_render

/// `xylo-render completions bash`, sourced in bash as bash-completion loads it: what it offers
/// for a command line with the cursor at its end, in a folder of a few files.
@Suite struct BashCompletionTests {
  /// The words offered for each line, sorted, and what `complete -p xylo-render` says.
  private func offers(_ lines: [String]) throws -> (offers: [[String]], registered: String) {
    let script = try run(["completions", "bash"])
    #expect(script.status == 0)
    #expect(script.stderr == "")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "xylo-completion-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["sounds/C.wav", "song.xylo", "tune.mid", "notes.txt", "bank.sfz", "take.wav"] {
      let file = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data().write(to: file)
    }
    let scriptFile = folder.appendingPathComponent("xylo-render.bash")
    try script.stdoutData.write(to: scriptFile)
    let driver = """
      source "$1"; shift
      complete -p xylo-render
      for line; do
        COMP_LINE=$line COMP_POINT=${#line} COMPREPLY=()
        _xylo_render
        printf '%s\\n' "${COMPREPLY[@]}" | LC_ALL=C sort | tr '\\n' ' '
        echo
      done
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["--norc", "-c", driver, "bash", scriptFile.path] + lines
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let printed = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    let words = printed.dropFirst().prefix(lines.count).map {
      $0.split(separator: " ").map(String.init)
    }
    return (words, String(printed.first ?? ""))
  }

  @Test(arguments: [
    ("xylo-render ren", ["render"]),
    ("xylo-render help ri", ["ringtone"]),
    ("xylo-render completions ", ["bash", "fish", "zsh"]),
    ("xylo-render ringtone song.xylo --for ", ["android", "iphone", "notification"]),
    ("xylo-render render --encoding=pcm", ["pcm16", "pcm24", "pcm32"]),
    ("xylo-render render --mallet s", ["soft"]),
    ("xylo-render video --aspect 16:", ["9"]),
    ("xylo-render render --mal", ["--mallet"]),
    ("xylo-render render ", ["song.xylo", "sounds", "tune.mid"]),
    ("xylo-render render --rate 48000 so", ["song.xylo", "sounds"]),
    ("xylo-render render song.xylo --rate ", []),
    (
      "xylo-render render song.xylo -o ",
      [
        "bank.sfz", "notes.txt", "song.xylo", "sounds", "take.wav", "tune.mid", "xylo-render.bash",
      ]
    ),
    ("xylo-render render song.xylo --bank ", ["bank.sfz", "sounds"]),
    ("xylo-render compare ", ["sounds", "take.wav"]),
    ("xylo-render bank ", ["export"]),
    ("xylo-render bank export ", ["sounds"]),
    ("xylo-render test ", ["song.xylo", "sounds", "tune.mid"]),
  ])
  func offersCommandsChoicesAndFilesOfTheKindsACommandReads(line: String, expected: [String])
    throws
  {
    let result = try offers([line])
    #expect(result.registered == "complete -F _xylo_render xylo-render")
    #expect(result.offers == [expected])
  }

  @Test func offersEveryOptionOfEveryCommand() throws {
    let commands = XyloRender.commands
    let result = try offers(commands.map { "xylo-render \($0.name) -" })
    for (command, offered) in zip(commands, result.offers) {
      var expected: Set = ["-h", "--help", "--version"]
      for option in command.options {
        expected.insert(option.name)
        if let alias = option.alias { expected.insert(alias) }
      }
      #expect(Set(offered) == expected, "\(command.name)")
    }
  }
}
