import CommandLineOptions
import Rendering

/// `xylo-render bank export DIR`: writes the built-in bank as `<title>.wav`, 48 kHz 24-bit.
enum BankCommand {
  static let command = Command(
    name: "bank", options: [OptionSpec("--quiet", takesValue: false)],
    usage: Help.bankUsage, help: Help.bank, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    guard arguments.positionals.first == "export", arguments.positionals.count == 2 else {
      let reason =
        arguments.positionals.first.map {
          $0 == "export" ? "missing DIR" : "unknown bank action \(quote($0))"
        }
        ?? "missing action; the bank command has 'export DIR'"
      console.error(usageError: reason, usage: Help.bankUsage)
      return .usage
    }
    let folder = arguments.positionals[1]
    do {
      let count = try exportBuiltInBank(to: folder)
      if !arguments.has("--quiet") {
        console.err(
          "wrote \(count) keys to \(Destination.file(folder).displayName) as 48 kHz 24-bit WAV")
      }
      return .success
    } catch {
      console.report(error)
      return .failure
    }
  }
}
