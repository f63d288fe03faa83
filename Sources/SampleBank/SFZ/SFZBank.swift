import AudioBasics
import Platform

/// An SFZ instrument (`--bank FILE.sfz`): regions chosen by key, by the tap's velocity
/// (`TapVelocity`: 127 × gain) and by round-robin turn, each sample pitched from its key
/// centre through libsoxr. A key no region plays at a velocity is silent there.
public struct SFZBank: SampleBank {
  public let path: String
  let instrument: SFZInstrument
  /// The folder sample paths start from: the file's own plus `default_path`.
  private let sampleFolder: String
  public let titles: [String]
  public let maximumSampleSeconds: Int

  /// The largest SFZ file read: instruments of thousands of regions take a few hundred KB.
  public static let maximumFileBytes = 4 << 20

  public init(path: String, maximumSampleSeconds: Int = SampleLimits.defaultMaximumSeconds)
    throws(BankError)
  {
    self.path = path
    self.maximumSampleSeconds = maximumSampleSeconds
    guard FileSystem.kind(of: path) == .file else {
      throw BankError(path: path, reason: "it is not a regular file")
    }
    let bytes: [UInt8]
    do { bytes = try FileSystem.readAll(path, limit: Self.maximumFileBytes) } catch {
      throw BankError(path: path, reason: error.reason)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw BankError(path: path, reason: "it is not UTF-8 text")
    }
    instrument = try SFZInstrument(text: text, path: path)
    sampleFolder =
      instrument.defaultPath.hasPrefix("/")
      ? instrument.defaultPath
      : Path.join(Path.deletingLastComponent(path), instrument.defaultPath)
    let notes = Set(instrument.regions.flatMap { Array($0.lowestKey...$0.highestKey) })
    titles =
      AppKeys.titles.filter { midiNote(ofTitle: $0).map(notes.contains) ?? false }
      + notes.sorted().flatMap { note in
        NoteName.pitchClasses[note % 12].map { "\($0)\(note / 12 - 1)" }
      }
  }

  public var warnings: [String] { instrument.warnings }

  public func sample(for title: String) throws(BankError) -> DecodedSample {
    try sample(for: title, strikeLayer: strikeLayer(for: title, gain: 1, turn: 0))
  }

  /// The index of the first region that plays the key at the tap's velocity on this turn of
  /// its round robin; -1 when none does.
  public func strikeLayer(for title: String, gain: Double, turn: Int) -> Int {
    guard let key = midiNote(ofTitle: title) else { return -1 }
    let velocity = TapVelocity.of(gain: gain)
    return instrument.regions.firstIndex { $0.plays(key: key, velocity: velocity, turn: turn) }
      ?? -1
  }

  public func roundRobinLength(for title: String) -> Int {
    guard let key = midiNote(ofTitle: title) else { return 1 }
    return instrument.regions.filter { ($0.lowestKey...$0.highestKey).contains(key) }
      .map(\.sequenceLength).max() ?? 1
  }

  public func level(forGain gain: Double, title: String, strikeLayer: Int) -> Double {
    instrument.regions.indices.contains(strikeLayer)
      ? instrument.regions[strikeLayer].level(forGain: gain) : gain
  }

  /// Region `strikeLayer`'s sample from its `offset`, pitched for the key; no frames for -1.
  public func sample(for title: String, strikeLayer: Int) throws(BankError) -> DecodedSample {
    guard instrument.regions.indices.contains(strikeLayer), let key = midiNote(ofTitle: title)
    else {
      return DecodedSample(title: title, source: path, sampleRate: 48_000, channels: 1, values: [])
    }
    let region = instrument.regions[strikeLayer]
    var sample = try decodeSample(
      title: title, path: samplePath(region), maximumSeconds: maximumSampleSeconds)
    if region.offset > 0 {
      let skipped = min(region.offset, sample.frameCount) * sample.channels
      sample.storage = sample.storage.dropping(first: skipped)
    }
    sample.pitchRatio = region.pitchRatio(forKey: key)
    return sample
  }

  public func info(for title: String) throws(BankError) -> SampleInfo {
    let layer = strikeLayer(for: title, gain: 1, turn: 0)
    guard instrument.regions.indices.contains(layer) else {
      return SampleInfo(title: title, source: path, sampleRate: 48_000, channels: 1, frameCount: 0)
    }
    let file = samplePath(instrument.regions[layer])
    let reader = try openSample(path: file)
    try checkShape(of: reader)
    return SampleInfo(
      title: title, source: file, sampleRate: reader.info.sampleRate,
      channels: reader.info.channels, frameCount: reader.info.frameCount)
  }

  /// A sample's path: as written when absolute, else from the instrument's folder and
  /// `default_path`.
  private func samplePath(_ region: SFZRegion) -> String {
    region.sample.hasPrefix("/") ? region.sample : Path.join(sampleFolder, region.sample)
  }
}
