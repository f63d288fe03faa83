import CommandLineOptions

/// A subcommand: its name, its options, its help, and what it does.
struct Command: Sendable {
  var name: String
  var options: [OptionSpec]
  /// The `USAGE:` line, repeated after a command-line error.
  var usage: String
  var help: String
  var run: @Sendable (ParsedArguments, Console) -> ExitStatus
}
