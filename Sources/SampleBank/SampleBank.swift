/// A source of key samples: the titles it has, and each title's sound.
public protocol SampleBank: Sendable {
  /// The titles in the order suggestions prefer.
  var titles: [String] { get }
  /// Decodes (or makes) the sample for `title`, which must be one of `titles`.
  func sample(for title: String) throws(BankError) -> DecodedSample
  /// The sample's rate, channels and length, read from its header where it has one.
  func info(for title: String) throws(BankError) -> SampleInfo
  /// The strike layer a tap of linear `gain` plays (0 for the full strike); the tap's gain
  /// still sets its level. The built-in xylophone's softer strikes are darker, so it has
  /// several layers; a recording has one.
  func strikeLayer(forGain gain: Double) -> Int
  /// The sample for `title` struck as `strikeLayer` says; layer 0 is `sample(for:)`.
  func sample(for title: String, strikeLayer: Int) throws(BankError) -> DecodedSample
  /// The layer a tap of `gain` on `title` plays as that key's `turn`-th tap (0-based, in
  /// render order): an SFZ's velocity and round-robin regions choose by all three.
  func strikeLayer(for title: String, gain: Double, turn: Int) -> Int
  /// How many turns `title`'s round robin takes before it repeats; 1 when turns never matter.
  func roundRobinLength(for title: String) -> Int
  /// The level a tap of `gain` plays layer `strikeLayer` of `title` at: the gain itself,
  /// unless an SFZ region's `volume` or `amp_veltrack` says otherwise.
  func level(forGain gain: Double, title: String, strikeLayer: Int) -> Double
  /// Doubts found on opening the bank, `FILE:LINE: …`: the parts of an SFZ it ignores.
  var warnings: [String] { get }
  /// The files that describe the bank (an SFZ and what it includes), besides its samples:
  /// inputs no output may replace.
  var definitionFiles: [String] { get }
  /// The planes of `title`'s layer `strikeLayer` this bank has begun resampling to `rate`
  /// ahead of time (`PreloadingBank`), to share rather than repeat; nil when it has not.
  func resampling(_ title: String, strikeLayer: Int, to rate: Int) -> ResampledPlanes?
  /// The SoundFont preset this bank plays; nil for a bank of another kind.
  var soundFontPreset: SF2Preset? { get }
  /// Every preset of the SoundFont this bank plays one of, in bank and program order; empty
  /// for a bank of another kind.
  var soundFontPresets: [SF2Preset] { get }
}

/// A bank of recordings is one strike: a tap's gain scales it linearly, as the app does.
extension SampleBank {
  public func strikeLayer(forGain gain: Double) -> Int { 0 }

  public func sample(for title: String, strikeLayer: Int) throws(BankError) -> DecodedSample {
    try sample(for: title)
  }
}

/// Layers chosen by the gain alone, at the gain's level, with nothing to warn of.
extension SampleBank {
  public func strikeLayer(for title: String, gain: Double, turn: Int) -> Int {
    strikeLayer(forGain: gain)
  }

  public func roundRobinLength(for title: String) -> Int { 1 }

  public func level(forGain gain: Double, title: String, strikeLayer: Int) -> Double { gain }

  public var warnings: [String] { [] }

  /// A bank made in memory or of samples alone: no file describes it. A bank that wraps
  /// another passes the other's on.
  public var definitionFiles: [String] { [] }

  public func resampling(_ title: String, strikeLayer: Int, to rate: Int) -> ResampledPlanes? {
    nil
  }

  public var soundFontPreset: SF2Preset? { nil }
  public var soundFontPresets: [SF2Preset] { [] }
}

/// What `keys` shows of a sample without decoding it.
public struct SampleInfo: Equatable, Sendable {
  public var title: String
  public var source: String
  public var sampleRate: Int
  public var channels: Int
  public var frameCount: Int64
  /// The note the sample plays, where the bank knows it (the built-in bank does).
  public var pitch: Pitch?

  public init(title: String, source: String, sampleRate: Int, channels: Int, frameCount: Int64) {
    self.title = title
    self.source = source
    self.sampleRate = sampleRate
    self.channels = channels
    self.frameCount = frameCount
  }
}

/// A note's scientific name and equal-tempered frequency (Hz).
public struct Pitch: Equatable, Sendable {
  public var name: String
  public var frequency: Double

  public init(name: String, frequency: Double) {
    self.name = name
    self.frequency = frequency
  }
}
