import GoldenReports
import GoldenTesting
import Rendering

extension HTMLReportOptions {
  /// The page's options for a `test` command line: its mode, and the options that change a
  /// render (tolerance, golden format, sound, MIDI input, limits), repeated in the command that
  /// approves a test.
  init(_ arguments: ParsedOptions, mode: GoldenMode) {
    self.init()
    self.mode = mode
    let renderOptions: Set = ["--tolerance", "--golden-format"]
    for section in TestOptions.sections {
      for spec in section.options
      where section.title != "OPTIONS" || renderOptions.contains(spec.name) {
        if arguments.flags.contains(spec.name) { updateArguments.append(spec.name) }
        if let value = arguments.values[spec.name] { updateArguments += [spec.name, value] }
        for value in arguments.lists[spec.name] ?? [] { updateArguments += [spec.name, value] }
      }
    }
  }
}

/// Writes the HTML page of `results` to `path` atomically; says why and returns `false` when
/// it cannot.
func writeHTMLReport(
  _ results: [GoldenTestResult], options: HTMLReportOptions, to path: String, console: Console
) -> Bool {
  do {
    try writeReport(htmlReport(results, options: options), to: path)
    return true
  } catch {
    console.report(error)
    return false
  }
}
