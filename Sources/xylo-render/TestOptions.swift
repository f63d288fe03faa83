import CommandLineOptions
import Rendering
import ScoreParser

/// What `test` was asked to do, checked.
struct TestOptions {
  var paths: [String]
  var run = GoldenRunOptions()
  var junit: String?
  var json: String?
  var annotateGitHub = false
  var shard: (Int, Int)?
  var list = false

  static let specs =
    LimitOptions.specs + MIDIInputOptions.specs + SoundOptions.specs + SoundOptions.goldenSpecs + [
      OptionSpec("--golden-format", takesValue: true),
      OptionSpec("--ci", takesValue: false),
      OptionSpec("--update", takesValue: false),
      OptionSpec("--jobs", takesValue: true),
      OptionSpec("--junit", takesValue: true),
      OptionSpec("--json", takesValue: true),
      OptionSpec("--annotate", takesValue: true),
      OptionSpec("--shard", takesValue: true),
      OptionSpec("--list", takesValue: false),
      OptionSpec("--artifacts", takesValue: true),
    ]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
    if arguments.has("--ci") && arguments.has("--update") {
      throw UsageError("--ci and --update cannot be combined; --ci writes nothing")
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
    run.commandLine = arguments
    var check = SoundChoices()  // a bad sound option is a bad command line, before any test
    try SoundOptions.apply(arguments, to: &check)
    run.bankOpener = QuietBank.opener
    run.artifacts = arguments.values["--artifacts"]
    junit = arguments.values["--junit"]
    json = arguments.values["--json"]
    annotateGitHub = try arguments.choice("--annotate", of: ["github"]) != nil
    list = arguments.has("--list")
    if let text = arguments.values["--shard"] {
      let parts = text.split(separator: "/")
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
        (1...count).contains(index)
      else {
        throw UsageError("--shard needs K/N with 1 <= K <= N, such as 2/4, got \(quote(text))")
      }
      shard = (index, count)
    }
  }
}
