import Xylophone

/// The built-in xylophone: every key synthesized on request from the bar model, at 48 kHz mono.
public struct BuiltInBank: SampleBank {
  public init() {}

  public var titles: [String] { KeyCatalog.titles }

  public func sample(for title: String) throws(BankError) -> DecodedSample {
    guard let key = KeyCatalog.key(named: title) else {
      throw BankError(path: "built-in", reason: "the built-in bank has no key '\(title)'")
    }
    return DecodedSample(
      title: title, source: "built-in", sampleRate: Synthesizer.sampleRate, channels: 1,
      values: Synthesizer.sample(for: key))
  }

  public func info(for title: String) throws(BankError) -> SampleInfo {
    let sample = try sample(for: title)
    var info = SampleInfo(
      title: title, source: "built-in", sampleRate: sample.sampleRate, channels: 1,
      frameCount: Int64(sample.frameCount))
    if let key = KeyCatalog.key(named: title) {
      info.pitch = Pitch(name: key.pitchName, frequency: key.frequency)
    }
    return info
  }
}
