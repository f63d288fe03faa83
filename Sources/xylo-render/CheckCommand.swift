import ScoreParser

/// `xylo-render check SCORE...`: validates scores and prints a summary line for each.
enum CheckCommand {
  static let command = Command(
    name: "check", options: LimitOptions.specs + BankOption.specs, usage: Help.checkUsage,
    help: Help.check, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    guard !arguments.positionals.isEmpty else {
      console.error(usageError: "missing SCORE", usage: Help.checkUsage)
      return .usage
    }
    var options: ParseOptions
    do {
      options = try LimitOptions.parseOptions(arguments)
    } catch {
      console.error(usageError: error.message, usage: Help.checkUsage)
      return .usage
    }
    guard let titles = BankOption.titles(arguments, console: console) else { return .failure }
    options.keys = titles
    var status = ExitStatus.success
    for path in arguments.positionals {
      guard let file = ScoreFile.load(path, options: options, console: console),
        let score = file.report(to: console)
      else {
        status = .failure
        continue
      }
      console.out(summary(of: score, path: file.displayPath))
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
