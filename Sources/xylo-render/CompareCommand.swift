import CommandLineOptions
import Rendering
import SoundFile

/// `xylo-render compare EXPECTED ACTUAL`: compares decoded samples, not bytes, and says what a
/// person needs to fix a failing golden-file test. Exit 0 same, 1 different, 2 unreadable.
enum CompareCommand {
  static let command = Command(
    name: "compare",
    options: BankOption.specs + VoiceOptions.specs + LimitOptions.specs + MIDIInputOptions.specs + [
      OptionSpec("--tolerance", takesValue: true),
      OptionSpec("--diff-out", takesValue: true),
      OptionSpec("--score", takesValue: true),
    ], usage: Help.compareUsage, help: Help.compare, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    let tolerance: GoldenTolerance?
    var context: ScoreContext?
    let bankOption: BankOption
    do throws(UsageError) {
      try arguments.requirePositionals(["EXPECTED", "ACTUAL"], command: "compare")
      tolerance = try arguments.values["--tolerance"].map(goldenTolerance)
      bankOption = try BankOption(arguments)
      if let path = arguments.values["--score"] {
        var settings = RenderSettings()
        (settings.polyphony, settings.cutFade) = try VoiceOptions.parse(arguments)
        context = ScoreContext(
          path: path, settings: settings, limits: try LimitOptions.parse(arguments),
          midi: try MIDIInputOptions.parse(arguments))
      }
    } catch {
      console.error(usageError: error.message, usage: Help.compareUsage)
      return .usage
    }
    if context != nil {
      guard let bank = bankOption.open(console: console) else { return .failure }
      context?.bank = bank
    }
    let comparison: GoldenComparison
    do {
      comparison = try compareGolden(
        expected: arguments.positionals[0], actual: arguments.positionals[1],
        tolerance: tolerance, diffOut: arguments.values["--diff-out"].map(Destination.init),
        score: context)
    } catch {
      console.report(error)
      if case .soundFile(let failure) = error, failure.operation == .read { return .unreadable }
      return .failure
    }
    for warning in comparison.warnings { console.warning(warning) }
    for line in comparison.lines { console.out(line) }
    return comparison.passed ? .success : .failure
  }
}
