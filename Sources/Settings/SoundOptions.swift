import Mixer
import SampleBank
import ScoreParser
import SoundFile

/// How a score should sound, each option set or left unset (`nil`). A render takes its options
/// from three places, in one order of precedence: what the caller sets explicitly (the command
/// line, or a Swift caller's `SoundOptions`) over the score's own `options` line over the
/// defaults. `overridden(by:)` is that rule; `settings` and `bankChoice` apply the defaults.
public struct SoundOptions: Equatable, Sendable {
  /// A folder of `<title>.<ext>` samples (relative to the score's folder when the score's
  /// `options` line names it); unset plays the built-in xylophone.
  public var bank: String?
  /// The longest sample a folder bank may hold, in seconds.
  public var maximumSampleSeconds: Int?
  /// The built-in xylophone's mallet; a folder's recordings cannot take one.
  public var mallet: Mallet?
  /// The preset a SoundFont bank (`--bank FILE.sf2`) plays.
  public var preset: PresetNumber?
  public var room: RoomSize?
  /// Output rate (Hz); unset takes the highest among the samples used.
  public var rate: Int?
  /// Output channels (1 or 2); unset takes the most among the samples used (2 with a room).
  public var channels: Int?
  /// The sample encoding; the container comes from the output's name.
  public var encoding: SampleEncoding?
  /// The seed of triangular dither before rounding to integers.
  public var ditherSeed: UInt64?
  public var level: RenderSettings.Level?
  public var length: RenderSettings.Length?
  /// A linear fade over the output's last seconds.
  public var fadeOut: Rational?
  /// At most this many voices sound at once; a new tap stops the oldest.
  public var polyphony: Int?
  /// Seconds over which a stopped voice fades out.
  public var cutFade: Rational?
  /// How far a render may be from its golden, for golden tests.
  public var tolerance: GoldenTolerance?

  public init(
    bank: String? = nil, maximumSampleSeconds: Int? = nil, mallet: Mallet? = nil,
    room: RoomSize? = nil, rate: Int? = nil, channels: Int? = nil,
    encoding: SampleEncoding? = nil, ditherSeed: UInt64? = nil, level: RenderSettings.Level? = nil,
    length: RenderSettings.Length? = nil, fadeOut: Rational? = nil, polyphony: Int? = nil,
    cutFade: Rational? = nil, tolerance: GoldenTolerance? = nil, preset: PresetNumber? = nil
  ) {
    self.preset = preset
    self.bank = bank
    self.maximumSampleSeconds = maximumSampleSeconds
    self.mallet = mallet
    self.room = room
    self.rate = rate
    self.channels = channels
    self.encoding = encoding
    self.ditherSeed = ditherSeed
    self.level = level
    self.length = length
    self.fadeOut = fadeOut
    self.polyphony = polyphony
    self.cutFade = cutFade
    self.tolerance = tolerance
  }

  /// These options with every option `explicit` sets taken from it: the caller's settings over
  /// the score's.
  public func overridden(by explicit: SoundOptions) -> SoundOptions {
    SoundOptions(
      bank: explicit.bank ?? bank,
      maximumSampleSeconds: explicit.maximumSampleSeconds ?? maximumSampleSeconds,
      mallet: explicit.mallet ?? mallet, room: explicit.room ?? room, rate: explicit.rate ?? rate,
      channels: explicit.channels ?? channels, encoding: explicit.encoding ?? encoding,
      ditherSeed: explicit.ditherSeed ?? ditherSeed, level: explicit.level ?? level,
      length: explicit.length ?? length, fadeOut: explicit.fadeOut ?? fadeOut,
      polyphony: explicit.polyphony ?? polyphony, cutFade: explicit.cutFade ?? cutFade,
      tolerance: explicit.tolerance ?? tolerance,
      // A preset belongs to its bank: the caller's bank takes the caller's preset, or none.
      preset: explicit.bank != nil ? explicit.preset : explicit.preset ?? preset)
  }

  /// The render settings these options give, every unset one at its default.
  public var settings: RenderSettings {
    var settings = RenderSettings()
    settings.rate = rate
    settings.channels = channels
    settings.ditherSeed = ditherSeed
    if let level { settings.level = level }
    if let length { settings.length = length }
    if let fadeOut { settings.fadeOut = fadeOut }
    settings.polyphony = polyphony
    if let cutFade { settings.cutFade = cutFade }
    if let room { settings.room = room }
    return settings
  }

  /// The bank these options name.
  public var bankChoice: BankChoice {
    BankChoice(
      path: bank, maximumSampleSeconds: maximumSampleSeconds ?? SampleLimits.defaultMaximumSeconds,
      mallet: mallet, preset: preset)
  }
}
