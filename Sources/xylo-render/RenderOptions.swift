import Platform
import Rendering

/// What `render` was asked to do, checked: the library's values and what only the command line
/// has (paths, messages).
struct RenderOptions {
  var scorePath: String
  var destination: Destination
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
      "--format", value: "NAME",
      help:
        "wav, flac, aiff, caf, w64, rf64, ogg, opus, mp3, or m4a/m4r (AAC in MP4, written with FFmpeg) (default: from OUT's extension; wav for '-')"
    ),
    OptionSpec("--bitrate", value: "KBPS", help: "AAC bit rate for .m4a and .m4r (default: 256)"),
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
    guard let output = arguments.values["--output"], !output.isEmpty else {
      throw OptionError("missing -o OUT (a file name, or '-' for standard output)")
    }
    destination = Destination(output)
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
      path: output, formatName: arguments.values["--format"], bitRate: bitRate.map { $0 * 1_000 })
    try file.check(encoding: sound.encoding)
    if case .aac = file { _ = try encoderRate(for: sound.rate) }
    (jobs, blockFrames) = try CommonOptions.parseMixing(arguments)
  }
}
