import Settings

/// `xylo-render manual`: the manual page, in roff, to standard output.
enum ManualCommand {
  static let command = Command(
    name: "manual",
    overview: "Print the manual page xylo-render(1), in roff.",
    synopsis: ["xylo-render manual"],
    about: """
      The page is made from the options each command parses, as --help is, with the score
      format in short and the exit statuses. The package installs it ('man xylo-render'); from
      a build: 'xylo-render manual | man -l -'.
      """,
    sections: [],
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    guard arguments.positionals.isEmpty else {
      console.error(
        usageError: "manual takes no operands, got \(quote(arguments.positionals[0]))",
        usage: command.usage)
      return .usage
    }
    console.out(ManualPage.page(XyloRender.commands))
    return .success
  }
}
