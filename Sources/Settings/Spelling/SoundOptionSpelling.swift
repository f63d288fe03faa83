import Mixer
import Platform
import SampleBank
import ScoreParser
import SoundFile

/// The options that shape the sound or the format, and nothing else: those a score's `options`
/// line may carry (none names an output or reads standard input), and that the commands making
/// sound take. Each is declared once, with its help.
extension SoundOptions {
  /// `--bank DIR`, `--preset N` and `--max-sample-seconds S`: every command that reads keys
  /// takes them.
  package static let bankSpecs = [
    OptionSpec(
      "--bank", value: "DIR|FILE", values: .foldersOrFiles(extensions: ["sfz", "sf2"]),
      help:
        "Take key samples from DIR/<title>.<ext> (wav, flac, aiff, ...), an SFZ instrument (.sfz) or a SoundFont 2 (.sf2)"
    ),
    OptionSpec(
      "--preset", value: "N|BANK:N",
      help:
        "The SoundFont preset to play: program N (1-128, General MIDI's numbers) of bank 0 or BANK (default: a MIDI file's program, else 14, the xylophone, else the first)"
    ),
    OptionSpec(
      "--max-sample-seconds", value: "S",
      help: "Refuse bank samples longer than S seconds (default: 600)"),
  ]

  /// The built-in xylophone's mallet and the room.
  package static let instrumentSpecs = [
    OptionSpec(
      "--mallet", value: "soft|medium|hard", values: .choices(Mallet.allCases.map(\.rawValue)),
      help:
        "The built-in xylophone's mallet: rubber, plastic or hard heads (default: hard)"),
    OptionSpec(
      "--room", value: "none|small|hall", values: .choices(RoomSize.allCases.map(\.rawValue)),
      help: "Play in a room: a stereo reverb whose tail extends the output (default: none)"),
  ]

  /// The output's shape: rate, channels, encoding, dither.
  package static let formatSpecs = [
    OptionSpec(
      "--encoding", value: "ENC", values: .choices(SampleEncoding.allCases.map(\.rawValue)),
      help:
        "pcm16, pcm24, pcm32 or float, for lossless formats (default: pcm16; flac holds pcm16 and pcm24)"
    ),
    OptionSpec(
      "--rate", value: "HZ", help: "Output sample rate (default: the highest of the samples used)"),
    OptionSpec(
      "--channels", value: "1|2", help: "Output channels (default: the most of the samples used)"),
    OptionSpec(
      "--dither", help: "Add triangular (TPDF) dither before rounding to integers"),
    OptionSpec(
      "--dither-seed", value: "N",
      help: "The dither's seed (default: 0); the same seed, the same file"),
  ]

  /// `--polyphony` and `--cut-fade`: how voices are planned.
  package static let voiceSpecs = [
    OptionSpec(
      "--polyphony", value: "N",
      help:
        "At most N voices sound; a new tap stops the oldest (default: 256; 1: each tap stops the one before, as in the app)"
    ),
    OptionSpec(
      "--cut-fade", value: "MS",
      help: "A stopped voice fades out over MS milliseconds (default: 0)"),
  ]

  /// The level and the length of a whole song.
  package static let levelSpecs = [
    OptionSpec("--gain", value: "DB", help: "Change the level by DB decibels"),
    OptionSpec(
      "--normalize", value: "DBFS", valueIsOptional: true,
      help: "Scale so the peak lands at DBFS (default: -1)"),
    OptionSpec(
      "--loudness", value: "LUFS",
      help: "Scale to this integrated loudness (EBU R128), measured first"),
    OptionSpec(
      "--true-peak", value: "DBTP", help: "The true-peak ceiling --loudness keeps to (default: -1)"),
    OptionSpec(
      "--tail", value: "auto|SECONDS",
      help:
        "auto: end when the mix has decayed below -90 dBFS for good; SECONDS: end that long after the last sample ends, 0 right there (default: auto)"
    ),
    OptionSpec(
      "--duration", value: "SECONDS",
      help:
        "Cut or pad the output to exactly this length; keys still sounding at the cut fade out over its last 5 ms"
    ),
    OptionSpec(
      "--fade-out", value: "SECONDS", help: "Fade out linearly over the last SECONDS"),
  ]

  /// Every option that shapes the sound or the format.
  package static let specs = bankSpecs + instrumentSpecs + formatSpecs + voiceSpecs + levelSpecs

  /// The golden-test option a score's `options` line and `test` take besides.
  package static let toleranceSpec = OptionSpec(
    "--tolerance", value: "DBFS|lsb|perceptual",
    help:
      "Accept differences up to DBFS (such as -90), one step of the golden's resolution (lsb), or what a listener cannot hear (perceptual: 0.5 LU, 3 dB a band) (default: exact)"
  )

  /// The options a score's `options` line may hold: not the limits, which are the command
  /// line's to set.
  package static let scoreLineSpecs =
    specs.filter { !limitOptions.contains($0.name) } + [toleranceSpec]

  /// The options `parsed` sets, read from their words. A relative `--bank` is taken from
  /// `folder` (a score's own folder) when one is given.
  package init(reading parsed: ParsedOptions, relativeTo folder: String? = nil)
    throws(OptionError)
  {
    self.init()
    let limits = RenderSettings.Limits.self
    if let bank = parsed.values["--bank"] {
      self.bank = folder.map { bank.hasPrefix("/") ? bank : Path.join($0, bank) } ?? bank
    }
    maximumSampleSeconds = try parsed.wholeNumber("--max-sample-seconds", in: 1...86_400)
    if let text = parsed.values["--preset"] {
      guard let preset = PresetNumber(parsing: text) else {
        throw OptionError(
          "--preset takes a program N of 1-128 or BANK:N (bank 0-16383), not \(quote(text))")
      }
      self.preset = preset
    }
    if let name = parsed.values["--mallet"] {
      guard let mallet = Mallet(rawValue: name) else {
        throw OptionError("unknown --mallet \(quote(name)); use soft, medium or hard")
      }
      if parsed.values["--bank"] != nil {
        throw OptionError(
          "--mallet and --bank cannot be combined; --mallet strikes the built-in xylophone")
      }
      self.mallet = mallet
    }
    rate = try parsed.wholeNumber("--rate", in: limits.rates, unit: "hertz")
    channels = try parsed.wholeNumber("--channels", in: limits.channels, unit: "channels")
    if let name = parsed.values["--encoding"] {
      guard let encoding = SampleEncoding(rawValue: name) else {
        throw OptionError("unknown --encoding \(quote(name)); use pcm16, pcm24, pcm32 or float")
      }
      self.encoding = encoding
    }
    if parsed.has("--dither") || parsed.has("--dither-seed") {
      ditherSeed = try parsed.unsignedNumber("--dither-seed") ?? 0
    }
    level = try Self.level(parsed)
    let tail = try Self.tail(parsed)
    if let seconds = try parsed.duration("--duration") {
      guard tail == nil else {
        throw OptionError("--tail and --duration cannot be combined; --duration sets the length")
      }
      length = .exactly(seconds: seconds)
    } else if let tail {
      length = tail
    }
    fadeOut = try parsed.duration("--fade-out")
    if let name = parsed.values["--room"] {
      guard let room = RoomSize(rawValue: name) else {
        throw OptionError("unknown --room \(quote(name)); use none, small or hall")
      }
      self.room = room
    }
    polyphony = try parsed.wholeNumber("--polyphony", in: limits.polyphony, unit: "voices")
    if let milliseconds = try parsed.duration("--cut-fade", unit: "milliseconds") {
      cutFade = milliseconds.divided(by: Rational(1_000)) ?? .zero
    }
    if let text = parsed.values["--tolerance"] {
      tolerance = try GoldenTolerance(parsing: text)
    }
  }

  /// `--tail auto|SECONDS`: until the mix has decayed, or seconds after the last sample ends.
  private static func tail(_ parsed: ParsedOptions) throws(OptionError) -> RenderSettings.Length? {
    guard let text = parsed.values["--tail"] else { return nil }
    if text == "auto" { return .untilDecayed }
    guard let seconds = Rational(parsing: text) else {
      throw OptionError(
        "--tail needs 'auto' or a number of seconds (0 or more), got \(quote(text))")
    }
    return .natural(tail: seconds)
  }

  /// `--gain`, `--normalize`, `--loudness` and `--true-peak`: one level, or none set.
  private static func level(_ parsed: ParsedOptions) throws(OptionError) -> RenderSettings.Level? {
    let limits = RenderSettings.Limits.self
    let gain = try parsed.decibels("--gain", in: limits.gainDecibels)
    let ceiling = try parsed.decibels("--true-peak", in: limits.truePeak)
    if let lufs = try parsed.decibels("--loudness", in: limits.loudness) {
      guard gain == nil, !parsed.has("--normalize") else {
        throw OptionError(
          "--loudness cannot be combined with --gain or --normalize; --loudness sets the gain")
      }
      return .loudness(lufs: lufs, truePeakCeiling: ceiling ?? -1)
    }
    if ceiling != nil {
      throw OptionError("--true-peak goes with --loudness, the target it caps")
    }
    if parsed.has("--normalize") {
      guard gain == nil else {
        throw OptionError("--gain and --normalize cannot be combined; --normalize sets the gain")
      }
      return .normalize(
        peakDecibels: try parsed.decibels("--normalize", in: limits.peakDecibels) ?? -1)
    }
    return gain.map { .gain(decibels: $0) }
  }
}

extension GoldenTolerance {
  /// `--tolerance DBFS|lsb|perceptual`, one reading for `compare`, `test` and a score's options.
  package init(parsing text: String) throws(OptionError) {
    switch text {
    case "lsb": self = .leastSignificantBit
    case "perceptual": self = .defaultPerceptual
    default:
      guard let value = Double(text), value.isFinite, (-400...0).contains(value) else {
        throw OptionError(
          "--tolerance needs decibels from -400 to 0, 'lsb' or 'perceptual', got \(quote(text))")
      }
      self = .peak(decibels: value)
    }
  }
}
