import Xylophone

/// The built-in xylophone: every key synthesized on request from the bar model, at 48 kHz mono.
/// A tap's gain is how hard the bar is struck: softer taps are quieter and darker.
public struct BuiltInBank: SampleBank {
  public var mallet: Mallet

  public init(mallet: Mallet = .hard) {
    self.mallet = mallet
  }

  public var titles: [String] { KeyCatalog.titles }
  /// Made in memory: no file describes it.
  public var definitionFiles: [String] { [] }

  public func sample(for title: String) throws(BankError) -> DecodedSample {
    try sample(for: title, strikeLayer: 0)
  }

  /// The MIDI notes of the chromatic keys, F4 to C8 (the app's titles play some of them).
  public static var notes: ClosedRange<Int> { KeyCatalog.lowestNote...KeyCatalog.highestNote }
  public static var strikeLayerCount: Int { StrikeLayers.count }

  /// The velocities (`TapVelocity`) that strike layer `layer`: 107...127 for layer 0.
  public static func velocities(ofStrikeLayer layer: Int) -> (low: Int, high: Int) {
    (
      StrikeLayers.lowestVelocity(ofLayer: layer),
      layer == 0 ? 127 : StrikeLayers.lowestVelocity(ofLayer: layer - 1) - 1
    )
  }

  /// One layer every 3 dB down to -36 dB: a gain of 0.5 strikes 6 dB softer.
  public func strikeLayer(forGain gain: Double) -> Int {
    StrikeLayers.layer(forGain: gain)
  }

  public func sample(for title: String, strikeLayer: Int) throws(BankError) -> DecodedSample {
    let layer = min(max(strikeLayer, 0), StrikeLayers.count - 1)
    let strike = Strike(
      mallet: mallet.model, strengthDecibels: StrikeLayers.strengthDecibels(ofLayer: layer))
    return DecodedSample(
      title: title, source: "built-in", sampleRate: Synthesizer.sampleRate, channels: 1,
      values: Synthesizer.sample(for: try key(named: title), strike: strike))
  }

  /// The key's rate, length and pitch, known without synthesizing it.
  public func info(for title: String) throws(BankError) -> SampleInfo {
    let key = try key(named: title)
    var info = SampleInfo(
      title: title, source: "built-in", sampleRate: Synthesizer.sampleRate, channels: 1,
      frameCount: Int64(Synthesizer.frameCount(for: key)))
    info.pitch = Pitch(name: key.pitchName, frequency: key.frequency)
    return info
  }

  private func key(named title: String) throws(BankError) -> BuiltInKey {
    guard let key = KeyCatalog.key(named: title) else {
      throw BankError(path: "built-in", reason: "the built-in bank has no key '\(title)'")
    }
    return key
  }
}
