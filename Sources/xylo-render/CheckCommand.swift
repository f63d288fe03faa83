import CommandLineOptions
import Rendering
import ScoreParser

/// `xylo-render check SCORE...`: validates scores and prints a summary line for each.
enum CheckCommand {
  static let command = Command(
    name: "check", options: LimitOptions.specs + BankOption.specs + MIDIInputOptions.specs,
    usage: Help.checkUsage,
    help: Help.check, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    var options: ParseOptions
    let bankOption: BankOption
    let midi: MIDIChoices
    do throws(UsageError) {
      guard !arguments.positionals.isEmpty else { throw UsageError("missing SCORE") }
      options = try LimitOptions.parse(arguments)
      midi = try MIDIInputOptions.parse(arguments)
      bankOption = try BankOption(arguments)
    } catch {
      console.error(usageError: error.message, usage: Help.checkUsage)
      return .usage
    }
    guard let bank = bankOption.open(console: console) else { return .failure }
    options.keys = bank.titles
    var status = ExitStatus.success
    for path in arguments.positionals {
      do {
        let loaded = try loadScore(at: path, options: options, midi: midi)
        for note in loaded.notes { console.note("\(displayPath(path)): \(note)") }
        console.out(summary(of: loaded.score, path: displayPath(path)))
      } catch {
        console.report(error)
        status = .failure
      }
    }
    return status
  }

  /// `PATH: 42 taps, 6 keys, 25.200 s`.
  static func summary(of score: Score, path: String) -> String {
    let taps = score.taps.count
    let keys = score.keys.count
    return
      "\(path): \(taps) \(taps == 1 ? "tap" : "taps"), \(keys) \(keys == 1 ? "key" : "keys"), \(score.duration.decimalString(places: 3)) s"
  }
}
