import Mixer
import Platform
import ScoreParser
import SoundFile

/// Everything `render` was asked to do, checked and in the units the pipeline uses.
struct RenderSettings {
  var scorePath: String
  var outputPath: String
  var parseLimits: ParseOptions
  /// Output rate and channels; `nil` takes the highest (most) among the samples used.
  var rate: Int?
  var channels: Int?
  var format: OutputFormat
  var dither: Dither?
  /// A linear factor from `--gain DB`.
  var gain: Double
  /// The peak target from `--normalize`, in dBFS.
  var normalizeTo: Double?
  var tail: Rational
  var duration: Rational?
  var fadeOut: Rational
  var polyphony: Int?
  /// Milliseconds.
  var cutFade: Rational
  var quiet: Bool
  var printsHash = false
  /// Frames mixed at a time; any size gives the same output (the tests prove it).
  var blockFrames = 4_096
  /// Threads that render chunks; the calling thread writes. Never changes the output.
  var jobs = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

  static let specs =
    LimitOptions.specs + BankOption.specs + [
      OptionSpec(name: "-o", takesValue: true), OptionSpec(name: "--output", takesValue: true),
      OptionSpec(name: "--rate", takesValue: true),
      OptionSpec(name: "--channels", takesValue: true),
      OptionSpec(name: "--format", takesValue: true),
      OptionSpec(name: "--encoding", takesValue: true),
      OptionSpec(name: "--dither", takesValue: false),
      OptionSpec(name: "--dither-seed", takesValue: true),
      OptionSpec(name: "--gain", takesValue: true),
      OptionSpec(name: "--normalize", takesValue: true, valueIsOptional: true),
      OptionSpec(name: "--tail", takesValue: true),
      OptionSpec(name: "--duration", takesValue: true),
      OptionSpec(name: "--fade-out", takesValue: true),
      OptionSpec(name: "--polyphony", takesValue: true),
      OptionSpec(name: "--cut-fade", takesValue: true),
      OptionSpec(name: "--quiet", takesValue: false),
      OptionSpec(name: "--print-hash", takesValue: false),
      OptionSpec(name: "--block-frames", takesValue: true),
      OptionSpec(name: "--jobs", takesValue: true),
    ]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        message: arguments.positionals.isEmpty
          ? "missing SCORE" : "render takes one SCORE, got \(arguments.positionals.count)")
    }
    scorePath = arguments.positionals[0]
    let output = arguments.values["-o"] ?? arguments.values["--output"]
    guard let output, !output.isEmpty else {
      throw UsageError(message: "missing -o OUT (a file name, or '-' for standard output)")
    }
    outputPath = output
    parseLimits = try LimitOptions.parseOptions(arguments)
    let values = arguments.values
    rate = try values["--rate"].map { (text) throws(UsageError) in
      try wholeNumber(text, option: "--rate", range: 1_000...768_000, unit: "hertz")
    }
    channels = try values["--channels"].map { (text) throws(UsageError) in
      try wholeNumber(text, option: "--channels", range: 1...2, unit: "channels")
    }
    format = try Self.format(arguments, output: output)
    if arguments.flags.contains("--dither") || values["--dither-seed"] != nil {
      let seed = try values["--dither-seed"].map { (text) throws(UsageError) in
        guard let seed = UInt64(text) else {
          throw UsageError(message: "--dither-seed needs a whole number, got '\(text)'")
        }
        return seed
      }
      dither = Dither(seed: seed ?? 0)
    }
    let gainDB = try values["--gain"].map { (text) throws(UsageError) in
      try decibels(text, option: "--gain", range: -120...60)
    }
    gain = gainDB.map { pow(10, $0 / 20) } ?? 1
    if arguments.flags.contains("--normalize") {
      normalizeTo = -1
    } else if let text = values["--normalize"] {
      normalizeTo = try decibels(text, option: "--normalize", range: -120...0)
    }
    if normalizeTo != nil && gainDB != nil {
      throw UsageError(
        message: "--gain and --normalize cannot be combined; --normalize sets the gain")
    }
    tail =
      try values["--tail"].map { (text) throws(UsageError) in try seconds(text, option: "--tail") }
      ?? .zero
    duration = try values["--duration"].map { (text) throws(UsageError) in
      try seconds(text, option: "--duration")
    }
    if duration != nil && values["--tail"] != nil {
      throw UsageError(
        message: "--tail and --duration cannot be combined; --duration sets the length")
    }
    fadeOut =
      try values["--fade-out"].map { (text) throws(UsageError) in
        try seconds(text, option: "--fade-out")
      } ?? .zero
    polyphony = try values["--polyphony"].map { (text) throws(UsageError) in
      try wholeNumber(text, option: "--polyphony", range: 1...1_000_000, unit: "voices")
    }
    cutFade =
      try values["--cut-fade"].map { (text) throws(UsageError) in
        try seconds(text, option: "--cut-fade", unit: "milliseconds")
      } ?? .zero
    quiet = arguments.flags.contains("--quiet")
    printsHash = arguments.flags.contains("--print-hash")
    if let text = values["--jobs"] {
      jobs = try wholeNumber(text, option: "--jobs", range: 1...256, unit: "threads")
    }
    if let text = values["--block-frames"] {
      blockFrames = try wholeNumber(
        text, option: "--block-frames", range: 1...1_048_576, unit: "frames")
    }
  }

  /// The container from `--format` or the output's extension, with `--encoding` checked against it.
  private static func format(_ arguments: ParsedArguments, output: String) throws(UsageError)
    -> OutputFormat
  {
    let known = Container.allCases.map(\.rawValue).joined(separator: ", ")
    let container: Container
    if let name = arguments.values["--format"] {
      guard let chosen = Container(fileExtension: name) else {
        throw UsageError(message: "unknown --format '\(name)'; use one of \(known)")
      }
      container = chosen
    } else if output == "-" {
      container = .wav
    } else {
      let ext = Path.fileExtension(output)
      guard let chosen = Container(fileExtension: ext) else {
        throw UsageError(
          message:
            "cannot tell the format of '\(output)' from its extension; name one with --format (\(known))"
        )
      }
      container = chosen
    }
    var encoding: SampleEncoding?
    if let name = arguments.values["--encoding"] {
      guard let chosen = SampleEncoding(rawValue: name) else {
        throw UsageError(message: "unknown --encoding '\(name)'; use pcm16, pcm24, pcm32 or float")
      }
      encoding = chosen
    }
    switch OutputFormat.make(container: container, encoding: encoding) {
    case .success(let format): return format
    case .failure(let mismatch): throw UsageError(message: mismatch.message)
    }
  }
}

private func wholeNumber(_ text: String, option: String, range: ClosedRange<Int>, unit: String)
  throws(UsageError) -> Int
{
  guard let value = Int(text), range.contains(value) else {
    throw UsageError(
      message:
        "\(option) needs a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound), got '\(text)'"
    )
  }
  return value
}

private func decibels(_ text: String, option: String, range: ClosedRange<Double>)
  throws(UsageError) -> Double
{
  guard let value = Double(text), value.isFinite, range.contains(value) else {
    throw UsageError(
      message:
        "\(option) needs decibels from \(Int(range.lowerBound)) to \(Int(range.upperBound)), got '\(text)'"
    )
  }
  return value
}

private func seconds(_ text: String, option: String, unit: String = "seconds")
  throws(UsageError) -> Rational
{
  guard let value = Rational(parsing: text) else {
    throw UsageError(message: "\(option) needs a number of \(unit) (0 or more), got '\(text)'")
  }
  return value
}
