import Foundation
import Testing

@testable import xylo_render

/// `--help` and parsing read one declaration: every option a command parses is in its help,
/// and every option its help names parses (the binary's help is compared with `help/*.txt`).
@Suite struct HelpCoverageTests {
  /// The options a help text lists: the words starting its option lines.
  private func listedOptions(_ help: String) -> Set<String> {
    var names: Set<String> = []
    for line in help.split(separator: "\n") where line.hasPrefix("  -") {
      for word in line.dropFirst(2).split(separator: " ") {
        let name = word.hasSuffix(",") ? word.dropLast() : word
        guard name.hasPrefix("-") else { break }
        names.insert(String(name))
        if !word.hasSuffix(",") { break }
      }
    }
    return names
  }

  @Test(arguments: XyloRender.commands.map(\.name))
  func everyParsedOptionIsInTheHelpAndNothingElse(_ name: String) throws {
    let command = try #require(XyloRender.commands.first { $0.name == name })
    var parsed: Set<String> = ["-h", "--help", "--version"]
    for option in command.options {
      parsed.insert(option.name)
      if let alias = option.alias { parsed.insert(alias) }
    }
    #expect(listedOptions(command.help) == parsed)
  }
}
