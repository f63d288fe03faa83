import Settings

/// `--help` made from a command's declaration: the options it lists are the ones it parses.
enum HelpText {
  /// The column option help starts at, and the width lines are wrapped to.
  static let helpColumn = 26
  static let width = 92

  /// The options every command answers before parsing.
  static let standardOptions = [
    ("-h, --help", "Show this help"), ("--version", "Show the version"),
  ]

  static func render(_ command: Command) -> String {
    var blocks = ["OVERVIEW: \(command.overview)"]
    blocks.append(
      command.synopsis.enumerated().map { index, line in
        (index == 0 ? "USAGE: " : "       ") + line
      }.joined(separator: "\n"))
    if let about = command.about { blocks.append(about) }
    if !command.arguments.isEmpty {
      blocks.append(
        (["ARGUMENTS:"] + command.arguments.flatMap { entry(label: $0.name, help: $0.help) })
          .joined(separator: "\n"))
    }
    var sections = command.sections
    if sections.isEmpty { sections = [OptionSection(title: "OPTIONS", options: [])] }
    for (index, section) in sections.enumerated() {
      var lines =
        ["\(section.title):"] + section.options.flatMap { entry(label: label($0), help: $0.help) }
      if index == sections.count - 1 {
        lines += standardOptions.flatMap { entry(label: $0.0, help: $0.1) }
      }
      blocks.append(lines.joined(separator: "\n"))
    }
    if let footer = command.footer { blocks.append(footer) }
    return blocks.joined(separator: "\n\n")
  }

  /// `-o, --output OUT`, `--normalize [DBFS]`, `--quiet`.
  static func label(_ option: OptionSpec) -> String {
    var text = (option.alias.map { "\($0), " } ?? "") + option.name
    if let value = option.valueName {
      text += option.valueIsOptional ? " [\(value)]" : " \(value)"
    }
    return text
  }

  /// An option's lines: the label, then its help from `helpColumn`, wrapped to `width` (on the
  /// next line when the label reaches the help's column).
  static func entry(label: String, help: String) -> [String] {
    let indent = String(repeating: " ", count: helpColumn)
    let words = wrapped(help, width: width - helpColumn)
    let start = "  " + label
    guard start.count <= helpColumn - 2 else {
      return [start] + words.map { indent + $0 }
    }
    let first =
      start + String(repeating: " ", count: helpColumn - start.count) + (words.first ?? "")
    return [first] + words.dropFirst().map { indent + $0 }
  }

  /// `text` broken into lines of at most `width` characters, at spaces.
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
