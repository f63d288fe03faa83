import Rendering
import Settings

/// The front end: picks the subcommand and turns its outcome into an exit status.
enum XyloRender {
  static let version = xyloRenderVersion

  static let commands: [Command] = [
    RenderCommand.command, CheckCommand.command, InfoCommand.command, EventsCommand.command,
    KeysCommand.command,
    BankCommand.command, CompareCommand.command, HashCommand.command, ConvertCommand.command,
    TestCommand.command, LoudnessCommand.command, RingtoneCommand.command, VideoCommand.command,
    PictureCommand.command, PageCommand.command, CompletionsCommand.command,
    ManualCommand.command,
  ]

  static func run(_ arguments: [String]) -> ExitStatus {
    let console = Console()
    return console.finish(dispatch(arguments, console: console))
  }

  private static func dispatch(_ arguments: [String], console: Console) -> ExitStatus {
    guard let first = arguments.first else {
      console.error(usageError: "missing command", usage: Help.toolUsage)
      return .usage
    }
    switch first {
    case "-h", "--help", "help":
      if first == "help", let name = arguments.dropFirst().first,
        let command = commands.first(where: { $0.name == name })
      {
        console.out(command.help)
      } else {
        console.out(Help.tool)
      }
      return .success
    case "--version":
      console.out(VersionText.text)
      return .success
    default:
      break
    }
    // `xylo-render SCORE -o OUT` (or `--stems DIR`) is short for `xylo-render render SCORE ...`.
    let outputs = ["-o", "--output", "--stems"]
    if commands.first(where: { $0.name == first }) == nil, !first.hasPrefix("-") || first == "-",
      arguments.contains(where: { word in
        outputs.contains(word) || outputs.contains { word.hasPrefix($0 + "=") }
      })
    {
      return dispatch(["render"] + arguments, console: console)
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      let reason =
        first.hasPrefix("-") ? "unknown option \(quote(first))" : "unknown command \(quote(first))"
      console.error(usageError: reason, usage: Help.toolUsage)
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      console.out(command.help)
      return .success
    }
    if rest.contains("--version") {
      console.out(VersionText.text)
      return .success
    }
    do {
      let parsed = try parseArguments(rest, options: command.options)
      return command.run(parsed, console)
    } catch {
      console.error(usageError: error.message, usage: command.usage)
      return .usage
    }
  }
}
