import GoldenTesting
import Rendering
import SoundFile

/// `xylo-render compare EXPECTED ACTUAL`: compares decoded samples, not bytes, and says what a
/// person needs to fix a failing golden-file test. Exit 0 same, 1 different, 2 unreadable.
enum CompareCommand {
  static let command = Command(
    name: "compare", overview: "Compare two audio files sample by sample, for golden-file tests.",
    synopsis: [
      "xylo-render compare EXPECTED ACTUAL [--tolerance DBFS|lsb|perceptual] [--diff-out FILE] [--score FILE]"
    ],
    about: """
      Decodes both files and compares their samples (not their bytes). When they differ it prints
      what differs: rate, channels or length, the first differing frame and its time, the largest
      difference in dBFS and where, the RMS of the difference, and how many frames differ.
      """,
    operands: [.files(extensions: CommonOptions.audioExtensions)],
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          SoundOptions.toleranceSpec,
          OptionSpec(
            "--diff-out", value: "FILE",
            help: "Write ACTUAL minus EXPECTED to FILE as a float WAV, when they differ"),
          OptionSpec(
            "--score", value: "FILE",
            help:
              "Name the taps of FILE sounding at the first difference, planned as a render with the options below plans them"
          ),
        ] + SoundOptions.bankSpecs + SoundOptions.voiceSpecs + MIDIInputOptions.specs
          + LimitOptions.specs)
    ],
    footer: """
      Exit status: 0 identical or within tolerance, 1 different, 2 a file cannot be read,
      64 a bad command line. Comparing silent or empty files warns: such a golden usually
      hides a broken render.
      """,
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    let tolerance: GoldenTolerance?
    var context: ScoreContext?
    let bankOption: BankOption
    do throws(OptionError) {
      try arguments.requirePositionals(["EXPECTED", "ACTUAL"], command: "compare")
      let sound = try SoundOptions(reading: arguments)
      tolerance = sound.tolerance
      bankOption = try BankOption(arguments)
      if let path = arguments.values["--score"] {
        context = ScoreContext(
          path: path, options: sound, limits: try LimitOptions.parse(arguments),
          midi: try MIDIInputOptions.parse(arguments), openBank: QuietBank.opener)
      }
    } catch {
      console.error(usageError: error.message, usage: command.usage)
      return .usage
    }
    // A bank that cannot be opened is reported before comparing, not as a note after it.
    if context != nil, bankOption.open(console: console) == nil { return .failure }
    let comparison: GoldenComparison
    do {
      comparison = try compareGolden(
        expected: arguments.positionals[0], actual: arguments.positionals[1],
        tolerance: tolerance, diffOut: arguments.values["--diff-out"].map(Destination.init),
        score: context)
    } catch {
      console.report(error)
      switch error {
      case .soundFile(let failure) where failure.operation == .read: return .unreadable
      case .gitLFSPointer: return .unreadable
      default: return .failure
      }
    }
    for warning in comparison.warnings { console.warning(warning) }
    for line in comparison.lines { console.out(line) }
    return comparison.passed ? .success : .failure
  }
}
