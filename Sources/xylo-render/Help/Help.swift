/// The tool's own help; each command's comes from its declaration (`HelpText`).
enum Help {
  static let toolUsage = "USAGE: xylo-render <command> [options] (see 'xylo-render --help')"

  /// What each exit status means, for the overview and the manual.
  static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
    (.success, "success"),
    (.failure, "a bad score, sample or I/O error, or files 'compare' finds different"),
    (.unreadable, "a file 'compare' cannot read"), (.usage, "a bad command line"),
  ]

  /// The overview: every command with its synopsis and what it does.
  static var tool: String {
    let commands = XyloRender.commands.flatMap { command in
      HelpText.entry(label: command.listing, help: command.overview)
    }
    return
      ([
        "OVERVIEW: Render xylophone scores to audio, offline and on the exact frame.",
        "USAGE: xylo-render <command> [options]",
        (["COMMANDS:"] + commands).joined(separator: "\n"),
        (["OPTIONS:"]
          + HelpText.standardOptions.flatMap { HelpText.entry(label: $0.0, help: $0.1) }
          .map {
            $0.replacing(
              "Show this help", with: "Show help; 'xylo-render <command> --help' for a command")
          })
          .joined(separator: "\n"),
        HelpText.wrapped(
          "Exit status: "
            + exitStatuses.map { "\($0.status.rawValue) \($0.meaning)" }.joined(separator: "; ")
            + ".",
          width: HelpText.width
        ).joined(separator: "\n"),
      ]).joined(separator: "\n\n")
  }
}
