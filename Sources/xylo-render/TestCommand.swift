import CommandLineOptions
import Platform
import Rendering
import ScoreParser

/// `xylo-render test [PATH...]`: every score under the paths is a golden-file test.
enum TestCommand {
  static let command = Command(
    name: "test",
    options: TestOptions.specs, usage: Help.testUsage, help: Help.test, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    let options: TestOptions
    do {
      options = try TestOptions(arguments)
    } catch {
      console.error(usageError: error.message, usage: Help.testUsage)
      return .usage
    }
    let start = monotonicSeconds()
    var found: (tests: [GoldenTest], obsolete: [String])
    do {
      found = try findGoldenTests(in: options.paths, format: options.run.format)
    } catch {
      console.report(error)
      return .failure
    }
    if let (index, count) = options.shard {
      found.tests = shard(found.tests, index: index, count: count)
      found.obsolete = found.obsolete.filter { isInShard($0, index: index, count: count) }
    }
    if options.list {
      for test in found.tests { console.out(test.score) }
      return .success
    }
    let results = runGoldenTests(found.tests, obsolete: found.obsolete, options: options.run) {
      result in print(result, to: console)
    }
    let seconds = monotonicSeconds() - start
    if options.annotateGitHub {
      for line in githubAnnotations(results, mode: options.run.mode) { console.out(line) }
    }
    var status =
      results.contains { $0.outcome.fails(in: options.run.mode) }
      ? ExitStatus.failure : .success
    for (path, text) in [
      (options.junit, junitReport(results, mode: options.run.mode, seconds: seconds)),
      (options.json, jsonReport(results, seconds: seconds)),
    ] {
      guard let path else { continue }
      do {
        try writeReport(text, to: path)
      } catch {
        console.report(error)
        status = .failure
      }
    }
    console.out(goldenSummary(results, seconds: seconds))
    return status
  }

  /// One test's lines: its outcome and path, then what explains it, indented.
  private static func print(_ result: GoldenTestResult, to console: Console) {
    let label =
      switch result.outcome {
      case .passed: "ok      "
      case .failed: "FAILED  "
      case .written: "written "
      case .updated: "updated "
      case .obsolete: "obsolete"
      case .removed: "removed "
      case .error: "ERROR   "
      }
    let name = result.test.score.isEmpty ? result.test.golden : result.test.score
    console.out("\(label) \(name)")
    for line in result.lines where result.outcome != .passed {
      console.out(line.hasPrefix(" ") ? line : "  " + line)
    }
  }
}
