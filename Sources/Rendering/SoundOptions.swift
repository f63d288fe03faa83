import CommandLineOptions
import Mixer
import Platform
import SampleBank
import ScoreParser
import SoundFile

/// How a score should sound, as options say it: the render settings, the bank, the encoding.
/// A score's `options` line and the command line both fill it; the command line comes last, so
/// it wins.
public struct SoundChoices: Sendable {
  public var settings = RenderSettings()
  /// The bank: a folder, or the built-in xylophone and its mallet.
  public var bank = BankChoice()
  /// The sample encoding asked for; the container comes from the output.
  public var encoding: SampleEncoding?
  /// How far a render may be from its golden (`--tolerance`, for golden tests).
  public var tolerance: GoldenTolerance?

  public init() {}
}

/// `--tolerance DBFS|lsb|perceptual`, one reading for `compare`, `test` and a score's options.
package func goldenTolerance(_ text: String) throws(UsageError) -> GoldenTolerance {
  switch text {
  case "lsb": return .leastSignificantBit
  case "perceptual": return .defaultPerceptual
  default:
    guard let value = Double(text), value.isFinite, (-400...0).contains(value) else {
      throw UsageError(
        "--tolerance needs decibels from -400 to 0, 'lsb' or 'perceptual', got \(quote(text))")
    }
    return .peak(decibels: value)
  }
}

/// The options that shape the sound or the format, and nothing else: those a score's `options`
/// line may carry (none names an output or reads standard input), and that `render` takes.
package enum SoundOptions {
  package static let specs = [
    OptionSpec("--bank", takesValue: true),
    OptionSpec("--max-sample-seconds", takesValue: true),
    OptionSpec("--mallet", takesValue: true),
    OptionSpec("--room", takesValue: true),
    OptionSpec("--rate", takesValue: true),
    OptionSpec("--channels", takesValue: true),
    OptionSpec("--encoding", takesValue: true),
    OptionSpec("--dither", takesValue: false),
    OptionSpec("--dither-seed", takesValue: true),
    OptionSpec("--gain", takesValue: true),
    OptionSpec("--normalize", takesValue: true, valueIsOptional: true),
    OptionSpec("--loudness", takesValue: true),
    OptionSpec("--true-peak", takesValue: true),
    OptionSpec("--tail", takesValue: true),
    OptionSpec("--duration", takesValue: true),
    OptionSpec("--fade-out", takesValue: true),
    OptionSpec("--polyphony", takesValue: true),
    OptionSpec("--cut-fade", takesValue: true),
  ]

  /// The golden-test option a score's `options` line and `test` take besides.
  package static let goldenSpecs = [OptionSpec("--tolerance", takesValue: true)]

  /// Sets in `choices` what `arguments` give, leaving the rest as it is. A relative `--bank`
  /// is taken from `folder` (a score's own folder) when one is given.
  package static func apply(
    _ arguments: ParsedArguments, to choices: inout SoundChoices, relativeTo folder: String? = nil
  ) throws(UsageError) {
    let limits = RenderSettings.Limits.self
    if let bank = arguments.values["--bank"] {
      choices.bank.path = folder.map { bank.hasPrefix("/") ? bank : Path.join($0, bank) } ?? bank
    }
    if let seconds = try arguments.wholeNumber("--max-sample-seconds", in: 1...86_400) {
      choices.bank.maximumSampleSeconds = seconds
    }
    if let name = arguments.values["--mallet"] {
      guard let mallet = Mallet(rawValue: name) else {
        throw UsageError("unknown --mallet \(quote(name)); use soft, medium or hard")
      }
      if arguments.values["--bank"] != nil {
        throw UsageError(
          "--mallet and --bank cannot be combined; --mallet strikes the built-in xylophone")
      }
      choices.bank.mallet = mallet
    }
    var settings = choices.settings
    if let rate = try arguments.wholeNumber("--rate", in: limits.rates, unit: "hertz") {
      settings.rate = rate
    }
    if let channels = try arguments.wholeNumber(
      "--channels", in: limits.channels, unit: "channels")
    {
      settings.channels = channels
    }
    if let name = arguments.values["--encoding"] {
      guard let encoding = SampleEncoding(rawValue: name) else {
        throw UsageError("unknown --encoding \(quote(name)); use pcm16, pcm24, pcm32 or float")
      }
      choices.encoding = encoding
    }
    if arguments.has("--dither") || arguments.has("--dither-seed") {
      settings.ditherSeed = try arguments.unsignedNumber("--dither-seed") ?? 0
    }
    let gain = try arguments.decibels("--gain", in: limits.gainDecibels)
    let ceiling = try arguments.decibels("--true-peak", in: limits.truePeak)
    if let lufs = try arguments.decibels("--loudness", in: limits.loudness) {
      guard gain == nil, !arguments.has("--normalize") else {
        throw UsageError(
          "--loudness cannot be combined with --gain or --normalize; --loudness sets the gain")
      }
      settings.level = .loudness(lufs: lufs, truePeakCeiling: ceiling ?? -1)
    } else if ceiling != nil {
      throw UsageError("--true-peak goes with --loudness, the target it caps")
    } else if arguments.has("--normalize") {
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
    } else if let tail {
      settings.length = .natural(tail: tail)
    }
    if let fade = try arguments.duration("--fade-out") { settings.fadeOut = fade }
    if let name = arguments.values["--room"] {
      guard let room = RoomSize(rawValue: name) else {
        throw UsageError("unknown --room \(quote(name)); use none, small or hall")
      }
      settings.room = room
    }
    if let polyphony = try arguments.wholeNumber(
      "--polyphony", in: limits.polyphony, unit: "voices")
    {
      settings.polyphony = polyphony
    }
    if let milliseconds = try arguments.duration("--cut-fade", unit: "milliseconds") {
      settings.cutFade = milliseconds.divided(by: Rational(1_000)) ?? .zero
    }
    choices.settings = settings
    if let text = arguments.values["--tolerance"] {
      choices.tolerance = try goldenTolerance(text)
    }
  }
}
