import AudioBasics
import Platform

/// An SFZ instrument (`--bank FILE.sfz`): regions chosen by key, by the tap's velocity
/// (`TapVelocity`: 127 × gain) and by round-robin turn, each sample pitched from its key
/// centre through libsoxr. A key no region plays at a velocity is silent there.
public struct SFZBank: SampleBank {
  public let path: String
  let instrument: SFZInstrument
  /// The regions each key may play, for choosing a tap's without looking at every region.
  private let index: SFZRegionIndex
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
    let text = try Self.readText(path, limit: Self.maximumFileBytes, named: path)
    let folder = Path.deletingLastComponent(path)
    let resolvedFolder = Path.resolved(folder.isEmpty ? "." : folder)
    let lines = try SFZText(text: text, path: path, identity: Path.resolved(path) ?? path) {
      (written, place) throws(BankError) in
      try Self.included(written, at: place, folder: folder, resolvedFolder: resolvedFolder)
    }.lines
    instrument = try SFZInstrument(lines: lines, path: path)
    index = try SFZRegionIndex(regions: instrument.regions, path: path)
    sampleFolder =
      instrument.defaultPath.hasPrefix("/")
      ? instrument.defaultPath
      : Path.join(folder, instrument.defaultPath)
    let notes = (0..<128).filter(index.plays(key:))
    titles =
      AppKeys.titles.filter { midiNote(ofTitle: $0).map(notes.contains) ?? false }
      + notes.flatMap { note in
        NoteName.pitchClasses[note % 12].map { "\($0)\(note / 12 - 1)" }
      }
  }

  /// The text of the file at `path`, at most `limit` bytes of UTF-8 (a byte order mark
  /// allowed); `named` is how messages name it.
  private static func readText(_ path: String, limit: Int, named: String) throws(BankError)
    -> String
  {
    guard FileSystem.kind(of: path) == .file else {
      throw BankError(path: named, reason: "it is not a regular file")
    }
    let bytes: [UInt8]
    do { bytes = try FileSystem.readAll(path, limit: limit) } catch {
      throw BankError(path: named, reason: error.reason)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw BankError(path: named, reason: "it is not UTF-8 text")
    }
    return text
  }

  /// The file an `#include "written"` at `place` names: relative to the instrument's folder
  /// (as sfizz reads it) and inside it, links resolved.
  private static func included(
    _ written: String, at place: SFZPlace, folder: String, resolvedFolder: String?
  ) throws(BankError) -> SFZText.IncludedFile {
    let relative = String(written.map { $0 == "\\" ? "/" : $0 })
    let path = Path.join(folder, relative)
    let outside = BankError(
      path: place.description,
      reason: "#include \"\(written)\" is outside the instrument's folder")
    var depth = 0
    for part in relative.split(separator: "/") where part != "." {
      depth += part == ".." ? -1 : 1
      guard depth >= 0 else { throw outside }
    }
    guard !relative.hasPrefix("/"), let resolvedFolder else { throw outside }
    guard let resolved = Path.resolved(path) else {
      throw BankError(path: place.description, reason: "#include \"\(written)\" is not there")
    }
    guard resolved.hasPrefix(resolvedFolder.hasSuffix("/") ? resolvedFolder : resolvedFolder + "/")
    else { throw outside }
    let text = try readText(resolved, limit: maximumFileBytes, named: path)
    return SFZText.IncludedFile(identity: resolved, displayPath: path, text: text)
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
    return index.region(forKey: key, velocity: velocity, turn: turn, in: instrument.regions) ?? -1
  }

  public func roundRobinLength(for title: String) -> Int {
    guard let key = midiNote(ofTitle: title) else { return 1 }
    return index.roundRobinLength(forKey: key)
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
    let cents = region.cents(forKey: key)
    guard abs(cents) <= SFZRegion.maximumCents else {
      throw BankError(
        path: region.place.description,
        reason: "the region plays \(NoteName.name(of: key)) \(cents) cents from its sample's "
          + "pitch; at most \(SFZRegion.maximumCents / 1_200) octaves either way")
    }
    sample.pitchRatio = region.pitchRatio(forKey: key)
    // Played slower, a sample lasts longer: that length is what the render holds and mixes.
    let seconds = Double(sample.frameCount) / sample.pitchRatio / Double(sample.sampleRate)
    guard seconds <= Double(maximumSampleSeconds) else {
      throw BankError(
        path: region.place.description,
        reason: "pitched down to \(NoteName.name(of: key)), its sample would last "
          + "\(timeText(seconds: seconds)), over the \(maximumSampleSeconds) s limit "
          + "(--max-sample-seconds)")
    }
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
