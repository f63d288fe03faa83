import AudioDigest
import SoundFile

/// `xylo-render compare EXPECTED ACTUAL`: compares decoded samples, not bytes, and says what a
/// person needs to fix a failing golden-file test. Exit 0 same, 1 different, 2 unreadable.
enum CompareCommand {
  static let command = Command(
    name: "compare",
    options: BankOption.specs + [
      OptionSpec(name: "--tolerance", takesValue: true),
      OptionSpec(name: "--diff-out", takesValue: true),
      OptionSpec(name: "--score", takesValue: true),
    ], usage: Help.compareUsage, help: Help.compare, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    guard arguments.positionals.count == 2 else {
      console.error(
        usageError: "compare takes EXPECTED and ACTUAL, got \(arguments.positionals.count) files",
        usage: Help.compareUsage)
      return .usage
    }
    var tolerance: Double?
    if let text = arguments.values["--tolerance"] {
      guard let value = Double(text), value.isFinite, value <= 0 else {
        console.error(
          usageError: "--tolerance needs dBFS, 0 or below (such as -90), got '\(text)'",
          usage: Help.compareUsage)
        return .usage
      }
      tolerance = value
    }
    let paths = (arguments.positionals[0], arguments.positionals[1])
    let readers: (SoundFileReader, SoundFileReader)
    do {
      readers = (try SoundFileReader(path: paths.0), try SoundFileReader(path: paths.1))
    } catch {
      console.error(error.description)
      return .unreadable
    }
    let comparison: ComparisonRun
    do {
      comparison = try ComparisonRun(
        expected: readers.0, actual: readers.1, diffOut: arguments.values["--diff-out"])
    } catch let error as SoundFileError {
      console.error(error.description)
      return error.operation == .read ? .unreadable : .failure
    } catch let error as OutputError {
      console.error(error.description)
      return .failure
    } catch {
      console.error("\(error)")
      return .failure
    }
    var report = ComparisonReport(run: comparison, paths: paths, tolerance: tolerance)
    if let score = arguments.values["--score"], let first = comparison.meter.firstDifference {
      report.lines += SoundingTaps.describe(
        scorePath: score, bankPath: BankOption.path(arguments), frame: first.frame,
        rate: comparison.rate, console: console)
    }
    for warning in report.warnings { console.warning(warning) }
    for line in report.lines { console.out(line) }
    return report.passed ? .success : .failure
  }
}
