import AudioBasics
import Mixer
import Platform
import SampleBank
import ScoreParser
import SoundFile

/// How a score is rendered: output shape, level, length and the mixer's limits. Every value
/// has a default, so `RenderSettings()` renders as `xylo-render render` does without options.
public struct RenderSettings: Sendable {
  /// Output rate (Hz); `nil` takes the highest among the samples used.
  public var rate: Int?
  /// Output channels (1 or 2); `nil` takes the most among the samples used (2 with a room).
  public var channels: Int?
  /// The file format; in-memory renders ignore it.
  public var format: OutputFormat
  /// The seed of triangular dither added before rounding to integers; `nil` for none. The same
  /// seed gives the same file.
  public var ditherSeed: UInt64?
  public var level: Level
  public var length: Length
  /// A linear fade over the output's last seconds; zero for none.
  public var fadeOut: Rational
  /// At most this many voices sound at once; a new tap stops the oldest. `nil` is the default
  /// limit (`defaultVoiceLimit`), which a render reports when it stopped any voice.
  public var polyphony: Int?
  /// Seconds over which a stopped voice fades out; zero stops it at once, as the app does.
  public var cutFade: Rational
  /// Frames mixed at a time; never changes the output.
  public var blockFrames: Int
  /// Threads that mix; never changes the output.
  public var jobs: Int
  /// Whether a file render also returns the content hash of what it wrote.
  public var computesContentHash: Bool
  /// Whether a file render also measures what it wrote as it writes it (EBU R128 integrated
  /// loudness, true peak and sample peak, with libebur128; mono and stereo only), for
  /// `RenderSummary.measurement` and a manifest: no second pass.
  public var measuresLoudness = false
  /// Written by FFmpeg instead (AAC in `.m4a`/`.m4r`); `format` is then not used.
  public var phoneFormat: PhoneFormat?
  /// The room the mix is played in: a stereo reverb whose tail lengthens a natural-length
  /// output; `.none` leaves the mix dry.
  public var room: RoomSize
  /// An `.exactly` length cut where the sound carries on elsewhere (a loop's period, whose
  /// next repeat continues it): no edge fade, which would be a dip at the seam.
  package var cutIsSeamless = false

  /// The output's level.
  public enum Level: Equatable, Sendable {
    /// A fixed change in decibels; 0 leaves the mix as summed.
    case gain(decibels: Double)
    /// Measured in a first pass, then scaled so the peak lands on this many dBFS.
    case normalize(peakDecibels: Double)
    /// Measured in a first pass (EBU R128 integrated loudness), then scaled to this many LUFS,
    /// as far as the true peak stays at or below `truePeakCeiling` dBTP.
    case loudness(lufs: Double, truePeakCeiling: Double)
  }

  /// The output's length.
  public enum Length: Equatable, Sendable {
    /// Until the finished mix has decayed for good: it ends at the first frame from which every
    /// channel stays below `decayThresholdDecibels` (-90 dBFS), bounded from the plan without
    /// mixing (`--tail auto`, the default). Never longer than `.natural(tail: .zero)`.
    case untilDecayed
    /// Until the last sample ends, then this many seconds of silence.
    case natural(tail: Rational)
    /// Exactly this many seconds, cut or padded.
    case exactly(seconds: Rational)
  }

  /// The level of a file made for people to hear rather than to compare (`video`, `page`):
  /// -16 LUFS integrated, where streaming services and podcasts play, under a -1 dBTP
  /// true-peak ceiling, which leaves the AAC encoder room. `render` keeps the mix as summed.
  public static let shareableLevel = Level.loudness(lufs: -16, truePeakCeiling: -1)

  /// The level (dBFS, sample peak) below which an `.untilDecayed` output has ended.
  public static let decayThresholdDecibels = -90.0

  public init(
    rate: Int? = nil, channels: Int? = nil, format: OutputFormat = .defaultLossless,
    ditherSeed: UInt64? = nil, level: Level = .gain(decibels: 0),
    length: Length = .untilDecayed, fadeOut: Rational = .zero, polyphony: Int? = nil,
    cutFade: Rational = .zero, room: RoomSize = .none, blockFrames: Int = 4_096,
    jobs: Int = processorCount(), computesContentHash: Bool = false
  ) {
    self.rate = rate
    self.channels = channels
    self.format = format
    self.ditherSeed = ditherSeed
    self.level = level
    self.length = length
    self.fadeOut = fadeOut
    self.polyphony = polyphony
    self.cutFade = cutFade
    self.room = room
    self.blockFrames = blockFrames
    self.jobs = jobs
    self.computesContentHash = computesContentHash
  }

  /// Voices sounding at once when `polyphony` is not given: enough for any real score, and a
  /// bound on the work a hostile one can ask for (ten million taps on one frame).
  public static let defaultVoiceLimit = 256

  /// The ranges each setting accepts; the command line checks against the same ones.
  public enum Limits {
    public static let rates = SampleLimits.rates
    public static let channels = SampleLimits.channels
    public static let polyphony = 1...1_000_000
    public static let blockFrames = 1...1_048_576
    public static let jobs = 1...256
    public static let gainDecibels = -120.0...60.0
    public static let peakDecibels = -120.0...0.0
    public static let loudness = -70.0...0.0
    public static let truePeak = -20.0...0.0
  }

  /// The first setting outside its range, as `rate must be from 1000 to 768000, got 5`.
  package func check() throws(OptionError) {
    func outside<Value: Comparable>(_ value: Value?, _ range: ClosedRange<Value>, _ name: String)
      throws(OptionError)
    {
      guard let value, !range.contains(value) else { return }
      throw OptionError(
        "\(name) must be from \(range.lowerBound) to \(range.upperBound), got \(value)")
    }
    try outside(rate, Limits.rates, "rate")
    try outside(channels, Limits.channels, "channels")
    try outside(polyphony, Limits.polyphony, "polyphony")
    try outside(blockFrames, Limits.blockFrames, "blockFrames")
    try outside(jobs, Limits.jobs, "jobs")
    switch level {
    case .gain(let decibels): try outside(decibels, Limits.gainDecibels, "gain")
    case .normalize(let decibels): try outside(decibels, Limits.peakDecibels, "normalize")
    case .loudness(let lufs, let ceiling):
      try outside(lufs, Limits.loudness, "loudness")
      try outside(ceiling, Limits.truePeak, "truePeak")
    }
  }
}

/// The processors online: the default number of mixing threads.
public func processorCount() -> Int { onlineProcessorCount() }
