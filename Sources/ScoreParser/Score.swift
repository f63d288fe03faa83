/// A key tap: when, which key, and how loud.
public struct Tap: Hashable, Sendable {
  /// Seconds from the start of the score, exact.
  public var time: Rational
  /// The key's title, naming a sample in the bank.
  public var key: String
  /// A linear factor applied to the key's sample.
  public var gain: Double
  /// Where the key was written, for diagnostics and `events`.
  public var line: Int { Int(storedLine) }
  public var column: Int { Int(storedColumn) }
  /// The tap's position in text order after repeats are expanded; breaks ties between equal times.
  public var sequence: Int { Int(storedSequence) }
  /// The voice the tap belongs to, an index into `Score.voices`: the last `voice` line before
  /// it, or a MIDI file's track (0 for the first).
  public var voice: Int { Int(storedVoice) }

  var storedLine: Int32
  var storedColumn: Int32
  var storedSequence: Int32
  var storedVoice: Int32

  public init(
    time: Rational, key: String, gain: Double, line: Int, column: Int, sequence: Int,
    voice: Int = 0
  ) {
    self.time = time
    self.key = key
    self.gain = gain
    storedLine = Int32(clamping: line)
    storedColumn = Int32(clamping: column)
    storedSequence = Int32(clamping: sequence)
    storedVoice = Int32(clamping: voice)
  }
}

/// A tempo the score sets, and the time (seconds) of the cursor where it does.
public struct TempoChange: Hashable, Sendable {
  public var time: Rational
  public var beatsPerMinute: Rational
  /// The score line of the `tempo` that sets it; `nil` for a MIDI file's tempo or the default.
  public var line: Int?
  /// The note the source counts its beats in, as a fraction of a whole note (1/2 for ABC's
  /// `Q:1/2=112`), when a reader knows it; `beatsPerMinute` counts quarter notes regardless.
  public var beatUnit: Rational?

  public init(time: Rational, beatsPerMinute: Rational, line: Int? = nil) {
    self.time = time
    self.beatsPerMinute = beatsPerMinute
    self.line = line
  }
}

/// A meter the score sets (`meter 6/8`), or a MIDI time signature, from a time in seconds on:
/// `numerator` beats of a 1/`denominator` note a bar, the tempo's beat being a quarter note.
public struct MeterChange: Hashable, Sendable {
  public var time: Rational
  public var numerator: Int
  public var denominator: Int

  public init(time: Rational, numerator: Int, denominator: Int) {
    self.time = time
    self.numerator = numerator
    self.denominator = denominator
  }

  /// One bar in the tempo's beats (quarter notes): 3 for 6/8, 3.5 for 7/8.
  public var beatsPerBar: Rational {
    Rational(Int64(numerator) * 4, Int64(denominator)) ?? Rational(4)
  }
}

/// A parsed score: its taps sorted by time (text order among equal times) and its metadata.
public struct Score: Sendable {
  public var taps: [Tap]
  /// The tempos in the order the score sets them (repeats of the same tempo left out); the
  /// first applies from time 0 when the score sets none before its first tap. Used to write
  /// MIDI on the score's own beat grid; taps already carry their exact times.
  public var tempoChanges: [TempoChange]
  /// The meters it sets, in order; none means 4/4 throughout. Bars start where a meter is set.
  public var meterChanges: [MeterChange] = []
  /// The latest time the score reaches, including the length of its last tap or rest.
  public var duration: Rational
  public var title: String?
  public var artist: String?
  public var comment: String?
  /// The words of the score's `options` line, in order; empty when it has none.
  public var options: [ScoreOptionWord]
  /// The names of the voices taps belong to (`Tap.voice` indexes it): the score's `voice`
  /// lines (`main` first when taps come before them), or a MIDI file's tracks. Empty for a
  /// score without `voice` lines, whose taps are all in voice 0, `main`.
  public var voices: [String] = []

  /// The voice a score's taps are in before any `voice` line.
  public static let firstVoiceName = "main"

  /// The name of voice `index`: its entry in `voices`, else `main` for voice 0 and
  /// `voice N` (1-based) for another.
  public func voiceName(_ index: Int) -> String {
    if voices.indices.contains(index) { return voices[index] }
    return index == 0 ? Self.firstVoiceName : "voice \(index + 1)"
  }

  public init(
    taps: [Tap], duration: Rational, title: String? = nil, artist: String? = nil,
    comment: String? = nil, tempoChanges: [TempoChange] = [], options: [ScoreOptionWord] = []
  ) {
    self.taps = taps
    self.tempoChanges = tempoChanges
    self.duration = duration
    self.title = title
    self.artist = artist
    self.comment = comment
    self.options = options
  }

  /// The distinct keys the score taps, in the order they first sound.
  public var keys: [String] {
    var seen = Set<String>()
    var keys: [String] = []
    for tap in taps where seen.insert(tap.key).inserted { keys.append(tap.key) }
    return keys
  }
}

/// What the parser accepts: which keys exist and how large a score may grow.
public struct ParseOptions: Sendable {
  /// The known key titles, in the order suggestions prefer; `nil` accepts any title.
  public var keys: [String]?
  /// The most taps a score may expand to (default 10 million).
  public var maxTaps: Int
  /// The latest time a score may reach, and the longest length a render may be asked for, in
  /// seconds (default two hours).
  public var maxDuration: Rational

  public static let defaultMaxTaps = 10_000_000
  public static let defaultMaxDuration = Rational(7_200)

  public init(
    keys: [String]? = nil, maxTaps: Int = defaultMaxTaps,
    maxDuration: Rational = defaultMaxDuration
  ) {
    self.keys = keys
    self.maxTaps = min(maxTaps, Int(Int32.max))
    self.maxDuration = maxDuration
  }
}

/// The outcome of parsing: a score when there were no errors, and every diagnostic found.
public struct ParseResult: Sendable {
  public var score: Score?
  public var diagnostics: [Diagnostic]
  /// The words of the score's `options` line, also when the score has other errors, so a
  /// caller can open the bank it asks for and parse again with that bank's titles. Empty when
  /// the line is missing, refused or cannot be split.
  public var options: [ScoreOptionWord]
}
