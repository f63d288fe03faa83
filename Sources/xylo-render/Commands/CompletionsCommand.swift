import Settings

/// `xylo-render completions bash|zsh|fish`: a completion script for the shell, made from the
/// commands' declarations.
enum CompletionsCommand {
  static let shells = ["bash", "zsh", "fish"]

  static let command = Command(
    name: "completions",
    overview: "Print a shell completion script for bash, zsh or fish.",
    synopsis: ["xylo-render completions bash|zsh|fish"],
    about: """
      The script completes commands, options, the values an option takes from a list (--for,
      --encoding, --mallet, ...) and files of the kinds a command reads. The package installs
      them; to use one from a build: 'source <(xylo-render completions bash)' in ~/.bashrc,
      'xylo-render completions zsh > ~/.zfunc/_xylo-render' with ~/.zfunc on fpath, or
      'xylo-render completions fish > ~/.config/fish/completions/xylo-render.fish'.
      """,
    arguments: [("SHELL", "bash, zsh or fish")],
    operands: [.choices(shells)],
    sections: [],
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    guard arguments.positionals.count == 1, let shell = arguments.positionals.first else {
      let reason =
        arguments.positionals.isEmpty
        ? "missing SHELL" : "completions takes one SHELL, got \(arguments.positionals.count)"
      console.error(usageError: reason, usage: command.usage)
      return .usage
    }
    let commands = XyloRender.commands
    switch shell {
    case "bash": console.out(BashCompletion.script(commands))
    case "zsh": console.out(ZshCompletion.script(commands))
    case "fish": console.out(FishCompletion.script(commands))
    default:
      console.error(
        usageError: "unknown shell \(quote(shell)); use bash, zsh or fish", usage: command.usage)
      return .usage
    }
    return .success
  }
}
