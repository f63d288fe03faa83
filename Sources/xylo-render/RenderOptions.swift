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
  var bank: BankOption
  var midi: MIDIChoices
  var settings: RenderSettings
  var quiet: Bool

  static let specs =
    LimitOptions.specs + BankOption.specs + VoiceOptions.specs + MIDIInputOptions.specs + [
      OptionSpec("--output", alias: "-o", takesValue: true),
      OptionSpec("--rate", takesValue: true),
      OptionSpec("--channels", takesValue: true),
      OptionSpec("--format", takesValue: true),
      OptionSpec("--encoding", takesValue: true),
      OptionSpec("--dither", takesValue: false),
      OptionSpec("--dither-seed", takesValue: true),
      OptionSpec("--gain", takesValue: true),
      OptionSpec("--normalize", takesValue: true, valueIsOptional: true),
      OptionSpec("--tail", takesValue: true),
      OptionSpec("--duration", takesValue: true),
      OptionSpec("--fade-out", takesValue: true),
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
    bank = try BankOption(arguments)
    midi = try MIDIInputOptions.parse(arguments)
    quiet = arguments.has("--quiet")
    let limits = RenderSettings.Limits.self
    settings = RenderSettings()
    settings.rate = try arguments.wholeNumber("--rate", in: limits.rates, unit: "hertz")
    settings.channels = try arguments.wholeNumber(
      "--channels", in: limits.channels, unit: "channels")
    settings.format = try Self.format(arguments, output: output)
    if arguments.has("--dither") || arguments.has("--dither-seed") {
      settings.ditherSeed = try arguments.unsignedNumber("--dither-seed") ?? 0
    }
    let gain = try arguments.decibels("--gain", in: limits.gainDecibels)
    if arguments.has("--normalize") {
      guard gain == nil else {
        throw UsageError("--gain and --normalize cannot be combined; --normalize sets the gain")
      }
      let peak = try arguments.decibels("--normalize", in: limits.peakDecibels) ?? -1
      settings.level = .normalize(peakDecibels: peak)
    } else if let gain {
      settings.level = .gain(decibels: gain)
    }
    let tail = try arguments.duration("--tail")
    if let seconds = try arguments.duration("--duration") {
      guard tail == nil else {
        throw UsageError("--tail and --duration cannot be combined; --duration sets the length")
      }
      settings.length = .exactly(seconds: seconds)
    } else {
      settings.length = .natural(tail: tail ?? .zero)
    }
    settings.fadeOut = try arguments.duration("--fade-out") ?? .zero
    (settings.polyphony, settings.cutFade) = try VoiceOptions.parse(arguments)
    settings.computesContentHash = arguments.has("--print-hash")
    settings.jobs =
      try arguments.wholeNumber("--jobs", in: limits.jobs, unit: "threads") ?? settings.jobs
    settings.blockFrames =
      try arguments.wholeNumber("--block-frames", in: limits.blockFrames, unit: "frames")
      ?? settings.blockFrames
  }

  /// The container from `--format` or the output's extension, with `--encoding` checked against it.
  private static func format(_ arguments: ParsedArguments, output: String) throws(UsageError)
    -> OutputFormat
  {
    let known = Container.allCases.map(\.rawValue).joined(separator: ", ")
    let container: Container
    if let name = arguments.values["--format"] {
      guard let chosen = Container(fileExtension: name) else {
        throw UsageError("unknown --format \(quote(name)); use one of \(known)")
      }
      container = chosen
    } else if output == "-" {
      container = .wav
    } else {
      guard let chosen = Container(fileExtension: Path.fileExtension(output)) else {
        throw UsageError(
          "cannot tell the format of \(quote(output, limit: displayedPathLength)) from its extension; name one with --format (\(known))"
        )
      }
      container = chosen
    }
    var encoding: SampleEncoding?
    if let name = arguments.values["--encoding"] {
      guard let chosen = SampleEncoding(rawValue: name) else {
        throw UsageError("unknown --encoding \(quote(name)); use pcm16, pcm24, pcm32 or float")
      }
      encoding = chosen
    }
    switch OutputFormat.make(container: container, encoding: encoding) {
    case .success(let format): return format
    case .failure(let mismatch): throw UsageError(mismatch.message)
    }
  }
}
