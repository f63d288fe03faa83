import GoldenReports
import GoldenTesting
import Rendering

/// What `test` was asked to do, checked.
struct TestOptions {
  var paths: [String]
  var run = GoldenRunOptions()
  var junit: String?
  var json: String?
  var report: String?
  var reportOptions = HTMLReportOptions()
  var annotateGitHub = false
  var shard: (Int, Int)?
  var list = false
  /// Only failures and the summary line.
  var quiet = false

  static let sections = [
    OptionSection(
      title: "OPTIONS",
      options: [
        OptionSpec("--ci", help: "Missing or obsolete goldens fail; nothing is written"),
        OptionSpec(
          "--update",
          help:
            "Rewrite goldens whose audio changed, write missing ones, remove obsolete ones; unchanged goldens are not touched"
        ),
        OptionSpec(
          "--golden-format", value: "FORMAT",
          values: .choices(GoldenFormat.allCases.map(\.rawValue)),
          help: "flac, wav or sha256, for goldens written (default: flac)"),
        SoundOptions.toleranceSpec,
        OptionSpec("--jobs", value: "N", help: "Tests run at once (default: one per core)"),
        OptionSpec(
          "--junit", value: "FILE",
          help: "Write a JUnit XML report (GitHub Actions, GitLab, Jenkins)"),
        OptionSpec("--json", value: "FILE", help: "Write a JSON report"),
        OptionSpec(
          "--report", value: "FILE.html",
          help:
            "Write one HTML page of the failures: players, pictures, changed taps, approve commands"
        ),
        OptionSpec(
          "--annotate", value: "github", help: "Print GitHub Actions annotations for failures"),
        OptionSpec(
          "--shard", value: "K/N", help: "Run only shard K of N (a stable split by path)"),
        OptionSpec("--list", help: "List the tests and run none"),
        OptionSpec("--quiet", help: "Print only failures and the summary line"),
        OptionSpec(
          "--artifacts", value: "DIR",
          help:
            "For each failure, leave in DIR the render, the difference and a picture of both (PNG)"
        ),
      ]),
    OptionSection(
      title: "SOUND (over each score's options)",
      options: SoundOptions.specs),
    OptionSection(title: "MIDI INPUT", options: MIDIInputOptions.specs),
    OptionSection(title: "LIMITS", options: LimitOptions.specs),
  ]

  init(_ arguments: ParsedOptions) throws(OptionError) {
    paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
    if arguments.has("--ci") && arguments.has("--update") {
      throw OptionError("--ci and --update cannot be combined; --ci writes nothing")
    }
    run.mode = arguments.has("--ci") ? .ci : arguments.has("--update") ? .update : .check
    if let name = try arguments.choice(
      "--golden-format", of: GoldenFormat.allCases.map(\.rawValue))
    {
      run.format = GoldenFormat(rawValue: name) ?? .flac
    }
    run.jobs =
      try arguments.wholeNumber("--jobs", in: RenderSettings.Limits.jobs, unit: "tests")
      ?? run.jobs
    run.limits = try LimitOptions.parse(arguments)
    run.midi = try MIDIInputOptions.parse(arguments)
    run.soundOptions = try SoundOptions(reading: arguments)
    try run.soundOptions.checkLengths(limit: run.limits.maxDuration)
    run.bankOpener = QuietBank.opener
    run.artifacts = arguments.values["--artifacts"]
    junit = arguments.values["--junit"]
    json = arguments.values["--json"]
    report = arguments.values["--report"]
    run.keepsMedia = report != nil
    reportOptions = HTMLReportOptions(arguments, mode: run.mode)
    annotateGitHub = try arguments.choice("--annotate", of: ["github"]) != nil
    list = arguments.has("--list")
    quiet = arguments.has("--quiet")
    if let text = arguments.values["--shard"] {
      let parts = text.split(separator: "/")
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
        (1...count).contains(index)
      else {
        throw OptionError("--shard needs K/N with 1 <= K <= N, such as 2/4, got \(quote(text))")
      }
      shard = (index, count)
    }
  }
}
