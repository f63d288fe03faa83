import Rendering

/// `--max-taps` and `--max-duration`, shared by every command that reads scores.
enum LimitOptions {
  static let specs = [
    OptionSpec(
      "--max-taps", value: "N",
      help: "Refuse a score that expands to more than N taps (default: 10000000)"),
    OptionSpec(
      "--max-duration", value: "SECONDS",
      help:
        "Refuse a score, or a length option, that runs past this many seconds (default: \(ParseOptions.defaultMaxDuration.decimalString(places: 0)), two hours)"
    ),
  ]

  /// The parse limits the command line gives; the caller adds the bank's titles.
  static func parse(_ arguments: ParsedOptions) throws(OptionError) -> ParseOptions {
    var options = ParseOptions()
    if let taps = try arguments.wholeNumber("--max-taps", in: 1...Int(Int32.max)) {
      options.maxTaps = taps
    }
    if let seconds = try arguments.duration("--max-duration", positive: true) {
      options.maxDuration = seconds
    }
    return options
  }
}

/// Options every command that writes or renders shares.
enum CommonOptions {
  /// The score every command that reads one takes.
  static let scoreArgument = (
    name: "SCORE", help: "A score or a MIDI file (.mid); '-' reads standard input"
  )
  static let quiet = OptionSpec("--quiet", help: "Print nothing but errors")
  static let jobs = OptionSpec(
    "--jobs", value: "N", help: "Threads that mix (default: one per core); never changes the output"
  )
  static let blockFrames = OptionSpec(
    "--block-frames", value: "N",
    help: "Frames mixed at a time (default: 4096); never changes the output")

  /// `--jobs` and `--block-frames`, checked.
  static func parseMixing(_ arguments: ParsedOptions) throws(OptionError) -> (
    jobs: Int?, blockFrames: Int?
  ) {
    let limits = RenderSettings.Limits.self
    return (
      try arguments.wholeNumber("--jobs", in: limits.jobs, unit: "threads"),
      try arguments.wholeNumber("--block-frames", in: limits.blockFrames, unit: "frames")
    )
  }
}
