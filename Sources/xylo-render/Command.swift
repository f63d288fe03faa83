import Settings

/// Options under one heading of a command's help (`OUTPUT`, `SOUND`, `OPTIONS`).
struct OptionSection: Sendable {
  var title: String
  var options: [OptionSpec]
}

/// A subcommand: its name, its options with their help, and what it does. Parsing and `--help`
/// both read `sections`, so the help lists exactly the options that parse.
struct Command: Sendable {
  var name: String
  /// One line: what the command does.
  var overview: String
  /// The synopsis lines; the first is repeated after a command-line error.
  var synopsis: [String]
  /// Paragraphs after the synopsis: what the command does, in more detail.
  var about: String? = nil
  var arguments: [(name: String, help: String)] = []
  /// What the operands are, in order, as shell completion offers them (the last for the rest).
  var operands: [OptionValues] = []
  var sections: [OptionSection]
  /// Lines after the options: exit status and the like.
  var footer: String? = nil
  var run: @Sendable (ParsedOptions, Console) -> ExitStatus

  /// The command as the tool's overview lists it: `render SCORE -o OUT`.
  /// Bracketed options are left out; bracketed arguments (`[PATH...]`) are kept.
  var listing: String {
    var words: [Substring] = []
    var group: [Substring] = []
    for word in synopsis[0].split(separator: " ").dropFirst() {
      if group.isEmpty && !word.hasPrefix("[") {
        words.append(word)
        continue
      }
      group.append(word)
      if word.hasSuffix("]") {
        if !group[0].hasPrefix("[-") && group[0] != "[options]" { words += group }
        group = []
      }
    }
    return words.joined(separator: " ")
  }

  /// Every option the command parses.
  var options: [OptionSpec] { sections.flatMap(\.options) }

  /// The `USAGE:` line, repeated after a command-line error.
  var usage: String { "USAGE: " + synopsis[0] }

  var help: String { HelpText.render(self) }
}

extension ParsedOptions {
  /// Exactly `names.count` positionals, named for the message: `missing SCORE`,
  /// `render takes one SCORE, got 2`.
  func requirePositionals(_ names: [String], command: String) throws(OptionError) {
    guard positionals.count != names.count else { return }
    if positionals.count < names.count {
      throw OptionError("missing \(names[positionals.count...].joined(separator: " and "))")
    }
    let wanted = names.count == 1 ? "one \(names[0])" : names.joined(separator: " and ")
    throw OptionError("\(command) takes \(wanted), got \(positionals.count)")
  }
}
