import Xylophone

/// The built-in xylophone: every key synthesized on request from the bar model, at 48 kHz mono.
public struct BuiltInBank: SampleBank {
  public init() {}

  public var titles: [String] { KeyCatalog.titles }

  public func sample(for title: String) throws(BankError) -> DecodedSample {
    DecodedSample(
      title: title, source: "built-in", sampleRate: Synthesizer.sampleRate, channels: 1,
      values: Synthesizer.sample(for: try key(named: title)))
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
