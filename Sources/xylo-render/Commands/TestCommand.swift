import GoldenReports
import GoldenTesting
import Platform
import Rendering
import ScoreParser

/// `xylo-render test [PATH...]`: every score under the paths is a golden-file test.
enum TestCommand {
  static let command = Command(
    name: "test",
    overview: "Run golden-file tests: every score under the paths against the golden beside it.",
    synopsis: ["xylo-render test [PATH...] [options]"],
    about: """
      Every score (*.xylo, *.mid) under PATH (default: .) is a test. Its golden sits beside it as
      NAME.golden.flac (or .wav, or .sha256 for the content hash only), with NAME.golden.taps,
      the taps it was made of, and NAME.golden.manifest.json, the render's manifest. Each score
      renders with its own 'options' line; options given here override it. A missing golden is
      written (not with --ci); a golden whose score is gone is obsolete. A failure says what
      changed first (a setting, a tempo, a sample of the bank), then which score lines changed,
      then how the audio differs.
      """,
    arguments: [("PATH", "A folder searched recursively, or a score (default: .)")],
    operands: [.foldersOrFiles(extensions: CommonOptions.songExtensions)],
    sections: TestOptions.sections,
    footer: "Exit status: 0 when no test failed or erred, 1 otherwise, 64 a bad command line.",
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    let options: TestOptions
    do {
      options = try TestOptions(arguments)
    } catch {
      console.error(usageError: error.message, usage: command.usage)
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
    // A report must not take the place of a file the tests read or write.
    let reports = [options.junit, options.json, options.report].compactMap { $0 }
    let suiteFiles =
      found.tests.flatMap { [$0.score, $0.golden, $0.taps, $0.manifest] } + found.obsolete
    if let report = firstReport(reports, among: suiteFiles) {
      console.error(
        "cannot write the report to '\(displayText(report, limit: displayedPathLength))': it is a score or golden of these tests"
      )
      return .failure
    }
    if options.list {
      for test in found.tests { console.out(shown(test.score)) }
      return .success
    }
    let (quiet, mode) = (options.quiet, options.run.mode)
    let results = runGoldenTests(found.tests, obsolete: found.obsolete, options: options.run) {
      result in
      if !quiet || result.outcome.fails(in: mode) { print(result, to: console) }
    }
    let seconds = monotonicSeconds() - start
    if options.annotateGitHub {
      for line in githubAnnotations(results, mode: options.run.mode) { console.out(line) }
    }
    var status =
      results.contains { $0.outcome.fails(in: options.run.mode) }
      ? ExitStatus.failure : .success
    // Nor of a bank's file or sample, known once the scores chose their banks.
    if let report = firstReport(reports, among: results.flatMap(\.inputs)) {
      console.error(
        "cannot write the report to '\(displayText(report, limit: displayedPathLength))': a test read it (a bank's file or sample)"
      )
      return .failure
    }
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
    if let path = options.report {
      var page = options.reportOptions
      page.seconds = seconds
      if !writeHTMLReport(results, options: page, to: path, console: console) { status = .failure }
    }
    console.out(goldenSummary(results, seconds: seconds))
    return status
  }

  /// The first of `reports` that is one of `files` (the same file, whatever its name).
  private static func firstReport(_ reports: [String], among files: [String]) -> String? {
    reports.first { report in
      guard let status = FileStatus(of: report) else { return false }
      return files.contains { FileStatus(of: $0).map(status.isSameFile) ?? false }
    }
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
    console.out("\(label) \(shown(name))")
    for line in result.lines {
      let escaped = displayText(line, limit: 4_000)
      console.out(escaped.hasPrefix(" ") ? escaped : "  " + escaped)
    }
  }
}
