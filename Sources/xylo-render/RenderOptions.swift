import CommandLineOptions
import Platform
import Rendering
import ScoreParser
import SoundFile

/// What `render` was asked to do, checked: the library's settings and what only the command
/// line has (paths, messages).
struct RenderOptions {
  var scorePath: String
  var destination: Destination
  var limits: ParseOptions
  var midi: MIDIChoices
  /// The container from `--format` or the output's name; the encoding may come from the score.
  var container: Container
  /// AAC for `.m4a`/`.m4r`, written by FFmpeg instead of libsndfile.
  var phoneFormat: PhoneFormat?
  var quiet: Bool
  var printsHash: Bool
  var jobs: Int?
  var blockFrames: Int?
  /// The command line, for the sound options it gives over the score's own.
  var arguments: ParsedArguments

  static let specs =
    LimitOptions.specs + SoundOptions.specs + MIDIInputOptions.specs + [
      OptionSpec("--output", alias: "-o", takesValue: true),
      OptionSpec("--format", takesValue: true),
      OptionSpec("--bitrate", takesValue: true),
      OptionSpec("--quiet", takesValue: false),
      OptionSpec("--print-hash", takesValue: false),
      OptionSpec("--block-frames", takesValue: true),
      OptionSpec("--jobs", takesValue: true),
    ]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    try arguments.requirePositionals(["SCORE"], command: "render")
    scorePath = arguments.positionals[0]
    guard let output = arguments.values["--output"], !output.isEmpty else {
      throw UsageError("missing -o OUT (a file name, or '-' for standard output)")
    }
    destination = Destination(output)
    limits = try LimitOptions.parse(arguments)
    midi = try MIDIInputOptions.parse(arguments)
    quiet = arguments.has("--quiet")
    printsHash = arguments.has("--print-hash")
    self.arguments = arguments
    var choices = SoundChoices()  // checked now: a bad value is a bad command line
    try SoundOptions.apply(arguments, to: &choices)
    let named = arguments.values["--format"] ?? (output == "-" ? "wav" : Path.fileExtension(output))
    let bitRate = try arguments.wholeNumber("--bitrate", in: 16...512, unit: "kb/s")
    if case .aac = PhoneFormat(fileExtension: named) {
      guard choices.encoding == nil else {
        throw UsageError("\(named) is AAC, a lossy format, and takes no --encoding")
      }
      phoneFormat = .aac(bitRate: (bitRate ?? 256) * 1_000)
      container = .wav
    } else {
      guard bitRate == nil else { throw UsageError("--bitrate is for .m4a and .m4r (AAC)") }
      container = try Self.container(arguments, output: output)
      if case .failure(let mismatch) = OutputFormat.make(
        container: container, encoding: choices.encoding)
      {
        throw UsageError(mismatch.message)
      }
    }
    let limits = RenderSettings.Limits.self
    jobs = try arguments.wholeNumber("--jobs", in: limits.jobs, unit: "threads")
    blockFrames = try arguments.wholeNumber(
      "--block-frames", in: limits.blockFrames, unit: "frames")
  }

  /// The settings to render with: the sound the score and the command line ask for, in the
  /// output's format.
  func settings(for choices: SoundChoices) throws(RenderError) -> RenderSettings {
    var settings = choices.settings
    switch OutputFormat.make(container: container, encoding: choices.encoding) {
    case .success(let format): settings.format = format
    case .failure(let mismatch): throw .invalidSetting(mismatch.message)
    }
    settings.computesContentHash = printsHash
    if let phoneFormat {
      settings.phoneFormat = phoneFormat
      settings.rate = encoderRate(for: settings.rate)
    }
    if let jobs { settings.jobs = jobs }
    if let blockFrames { settings.blockFrames = blockFrames }
    return settings
  }

  /// The container from `--format` or the output's extension.
  private static func container(_ arguments: ParsedArguments, output: String) throws(UsageError)
    -> Container
  {
    let known = Container.allCases.map(\.rawValue).joined(separator: ", ")
    if let name = arguments.values["--format"] {
      guard let chosen = Container(fileExtension: name) else {
        throw UsageError("unknown --format \(quote(name)); use one of \(known), m4a, m4r")
      }
      return chosen
    }
    if output == "-" { return .wav }
    guard let chosen = Container(fileExtension: Path.fileExtension(output)) else {
      throw UsageError(
        "cannot tell the format of \(quote(output, limit: displayedPathLength)) from its extension; name one with --format (\(known), m4a, m4r)"
      )
    }
    return chosen
  }
}
