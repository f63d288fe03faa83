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
  /// The sections of a command that renders a song to AAC (video, page): its sound at 44.1
  /// or 48 kHz, the part played, MIDI and notation input, limits and messages.
  static func songSections(rateHelp: String) -> [OptionSection] {
    [
      OptionSection(
        title: "SOUND",
        options: [
          OptionSpec("--rate", value: "HZ", help: rateHelp),
          OptionSpec(
            "--channels", value: "1|2",
            help: "Audio channels (default: the most of the samples used)"),
        ] + SoundOptions.bankSpecs + SoundOptions.instrumentSpecs + SoundOptions.voiceSpecs
          + SoundOptions.levelSpecs),
      OptionSection(title: "PART", options: ExcerptOptions.specs),
      OptionSection(title: "MIDI INPUT", options: MIDIInputOptions.specs),
      OptionSection(
        title: "LIMITS AND MESSAGES", options: LimitOptions.specs + [CommonOptions.quiet]),
    ]
  }

  /// The extensions of the songs `scoreArgument` names, as shell completion offers them.
  static let songExtensions = ["xylo", "mid", "midi", "musicxml", "xml", "mxl", "abc"]

  /// The extensions of the audio files `compare`, `hash` and `loudness` read most often: those
  /// the tool writes.
  static let audioExtensions = OutputFile.formatNames + ["aif", "oga", "mp4"]

  /// The score every command that reads one takes.
  static let scoreArgument = (
    name: "SCORE",
    help:
      "The song: score text (.xylo), MIDI (.mid, .midi), MusicXML (.musicxml, .xml, .mxl) or ABC (.abc); '-' reads standard input"
  )

  /// What level a video's or a page's sound has: a paragraph of their help.
  static var shareableLevelHelp: String {
    guard case .loudness(let lufs, let ceiling) = RenderSettings.shareableLevel else { return "" }
    let text =
      "The sound is brought to \(formatted(lufs)) LUFS integrated under a \(formatted(ceiling)) dBTP true-peak ceiling, where sharing sites play, unless --loudness, --gain or --normalize (or the score's options line) sets its level; render keeps the mix as summed."
    return HelpText.wrapped(text, width: HelpText.width - 4).joined(separator: "\n")
  }

  private static func formatted(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
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
