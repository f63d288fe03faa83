import Platform
import Rendering

/// What `render` was asked to do, checked: the library's values and what only the command line
/// has (paths, messages).
struct RenderOptions {
  var scorePath: String
  /// The full mix's file; `nil` when only stems are written.
  var destination: Destination?
  /// The folder `--stems` writes one file per voice into.
  var stems: String?
  var limits: ParseOptions
  var midi: MIDIChoices
  /// The part of the song to play (`--start`, `--end`).
  var excerpt: Excerpt
  /// The sound options the command line sets, over the score's own `options` line.
  var sound: SoundOptions
  /// The kind of file, from `--format` or the output's name.
  var file: OutputFile
  var quiet: Bool
  var printsHash: Bool
  /// Where the render's manifest goes, if asked for.
  var manifest: String?
  var jobs: Int?
  var blockFrames: Int?

  static let outputSpecs = [
    OptionSpec(
      "--output", alias: "-o", value: "OUT",
      help:
        "The file to write, '-' for standard output. It appears only when complete; a failed render leaves an existing file untouched."
    ),
    OptionSpec(
      "--format", value: "NAME", values: .choices(OutputFile.formatNames),
      help:
        "wav, flac, aiff, caf, w64, rf64, ogg, opus, mp3, or m4a/m4r (AAC in MP4, written with FFmpeg) (default: from OUT's extension; wav for '-')"
    ),
    OptionSpec("--bitrate", value: "KBPS", help: "AAC bit rate for .m4a and .m4r (default: 256)"),
    OptionSpec(
      "--stems", value: "DIR",
      help:
        "Also write DIR/NN-NAME.EXT for each voice of a score ('voice' lines) or track of a MIDI file, as long as the mix and adding up to it; -o is then optional, the format lossless (--format, else OUT's, else wav)"
    ),
  ]

  static let sections = [
    OptionSection(
      title: "OUTPUT",
      options: outputSpecs + SoundOptions.formatSpecs + [
        OptionSpec(
          "--print-hash", help: "Print the content hash of what was written, as 'hash' does"),
        OptionSpec(
          "--manifest", value: "FILE",
          help:
            "Also write the render's JSON manifest: settings, sample hashes, taps, length, loudness, peaks, content hash"
        ),
        CommonOptions.blockFrames, CommonOptions.jobs,
      ]),
    OptionSection(
      title: "SOUND",
      options: SoundOptions.bankSpecs + SoundOptions.instrumentSpecs + SoundOptions.voiceSpecs
        + SoundOptions.levelSpecs),
    OptionSection(title: "PART", options: ExcerptOptions.specs),
    OptionSection(title: "MIDI INPUT", options: MIDIInputOptions.specs),
    OptionSection(
      title: "LIMITS AND MESSAGES", options: LimitOptions.specs + [CommonOptions.quiet]),
  ]

  init(_ arguments: ParsedOptions) throws(OptionError) {
    try arguments.requirePositionals(["SCORE"], command: "render")
    scorePath = arguments.positionals[0]
    stems = arguments.values["--stems"]
    if stems?.isEmpty == true { throw OptionError("--stems needs a folder") }
    let output = arguments.values["--output"]
    guard stems != nil || output?.isEmpty == false else {
      throw OptionError("missing -o OUT (a file name, or '-' for standard output)")
    }
    if output?.isEmpty == true {
      throw OptionError("-o needs a file name, or '-' for standard output")
    }
    destination = output.map(Destination.init)
    limits = try LimitOptions.parse(arguments)
    midi = try MIDIInputOptions.parse(arguments)
    excerpt = try ExcerptOptions.parse(arguments)
    quiet = arguments.has("--quiet")
    printsHash = arguments.has("--print-hash")
    manifest = arguments.values["--manifest"]
    if let manifest {
      guard !manifest.isEmpty else { throw OptionError("--manifest needs a file name") }
      guard manifest != output else {
        throw OptionError("--manifest and -o name the same file; give the manifest its own")
      }
    }
    sound = try SoundOptions(reading: arguments)
    try sound.checkLengths(limit: limits.maxDuration)
    let bitRate = try arguments.wholeNumber("--bitrate", in: 16...512, unit: "kb/s")
    file = try OutputFile(
      path: output ?? "stems.wav", formatName: arguments.values["--format"],
      bitRate: bitRate.map { $0 * 1_000 })
    try file.check(encoding: sound.encoding)
    if stems != nil, !file.isLossless {
      throw OptionError(
        "--stems writes lossless files (wav, flac, aiff, caf, w64, rf64) that add up to the mix; choose one with --format or OUT's name"
      )
    }
    if case .aac = file { _ = try encoderRate(for: sound.rate) }
    (jobs, blockFrames) = try CommonOptions.parseMixing(arguments)
  }
}

extension OutputFile {
  /// Whether the file stores its values exactly (what stems must, to add up to the mix).
  fileprivate var isLossless: Bool {
    if case .sound(let container) = self { return container.isLossless }
    return false
  }
}
