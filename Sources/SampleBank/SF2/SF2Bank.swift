import AudioBasics
import Platform

/// A preset of a SoundFont 2 file (`--bank FILE.sf2`): each tap plays the zones that hold its
/// key and velocity (`TapVelocity`: 127 × gain), pitched from their root key, shaped by their
/// volume envelope up to its sustain, through their low-pass filter (`SF2LowPass`) and played
/// to the sample's end (a tap is a one-shot strike, never released), at their attenuation and
/// FluidSynth's velocity curve. Modulators other than the default velocity-to-attenuation one,
/// LFOs and effects sends are not applied; a loop repeats until the volume envelope is silent.
/// The zones a tap plays that share the first one's pitch and rate are mixed (a stereo pair:
/// left and right by their pan); others are left out.
public struct SF2Bank: SampleBank {
  public let path: String
  /// The preset played: its name, bank, and program (1-128, as General MIDI numbers them).
  public let preset: SF2Preset
  /// Every preset of the file, in bank and program order.
  public let soundFontPresets: [SF2Preset]
  public var soundFontPreset: SF2Preset? { preset }
  public let titles: [String]
  public let maximumSampleSeconds: Int
  public var definitionFiles: [String] { [path] }
  private let zones: [SF2Zone]
  private let samples: [Int: SF2SamplePoints]
  /// The distinct sets of zones a key and velocity play, as indices into `zones`.
  private let layers: [[Int]]
  /// Per key × 128 + velocity, the index of its set in `layers`; -1 when nothing plays.
  private let layerTable: [Int32]

  /// The largest SoundFont read: General MIDI sets run to about 150 MB.
  public static let maximumFileBytes = 256 << 20

  /// Opens preset `program` (1-128) of `bank` (0 for General MIDI's melodic presets); with no
  /// program, General MIDI's xylophone (bank 0, program 14) if the file has it, else its first
  /// preset in bank and program order.
  public init(
    path: String, bank: Int = 0, program: Int?,
    maximumSampleSeconds: Int = SampleLimits.defaultMaximumSeconds
  ) throws(BankError) {
    self.path = path
    self.maximumSampleSeconds = maximumSampleSeconds
    let bytes = try Self.read(path)
    let file = try SF2File(bytes: bytes, path: path)
    soundFontPresets = Self.presets(of: file)
    let index: Int
    if let program {
      guard
        let found = file.presets.firstIndex(where: { $0.bank == bank && $0.program + 1 == program })
      else {
        throw BankError(
          path: path,
          reason: "it has no preset \(bank):\(program) (bank \(bank), program \(program) of "
            + "1-128); `xylo-render keys --bank` lists its presets")
      }
      index = found
    } else {
      // The file's checks keep one preset at least.
      let order = file.presets.indices.sorted {
        (file.presets[$0].bank, file.presets[$0].program)
          < (file.presets[$1].bank, file.presets[$1].program)
      }
      index = file.presets.firstIndex { $0.bank == 0 && $0.program == 13 } ?? order[0]
    }
    let header = file.presets[index]
    preset = SF2Preset(bank: header.bank, program: header.program + 1, name: header.name)
    zones = try presetZones(of: index, in: file, path: path)
    var samples: [Int: SF2SamplePoints] = [:]
    for zone in zones where samples[zone.sample] == nil {
      samples[zone.sample] = try SF2SamplePoints(
        file.samples[zone.sample], bytes: bytes, in: file, path: path)
    }
    self.samples = samples
    let (layers, table) = Self.layers(of: zones)
    (self.layers, layerTable) = (layers, table)
    let notes = (0..<128).filter { key in (1...127).contains { table[key * 128 + $0] >= 0 } }
    titles =
      AppKeys.titles.filter { midiNote(ofTitle: $0).map(notes.contains) ?? false }
      + notes.flatMap { note in
        NoteName.pitchClasses[note % 12].map { "\($0)\(note / 12 - 1)" }
      }
  }

  /// The presets of the SoundFont at `path`, in bank and program order.
  public static func presets(in path: String) throws(BankError) -> [SF2Preset] {
    presets(of: try SF2File(bytes: read(path), path: path))
  }

  private static func presets(of file: SF2File) -> [SF2Preset] {
    file.presets.map { SF2Preset(bank: $0.bank, program: $0.program + 1, name: $0.name) }
      .sorted { ($0.bank, $0.program) < ($1.bank, $1.program) }
  }

  private static func read(_ path: String) throws(BankError) -> [UInt8] {
    guard FileSystem.kind(of: path) == .file else {
      throw BankError(path: path, reason: "it is not a regular file")
    }
    do { return try FileSystem.readAll(path, limit: maximumFileBytes) } catch {
      throw BankError(path: path, reason: error.reason)
    }
  }

  /// The distinct zone sets of every key and velocity, and which each plays.
  private static func layers(of zones: [SF2Zone]) -> ([[Int]], [Int32]) {
    var layers: [[Int]] = []
    var known: [[Int]: Int32] = [:]
    var table = [Int32](repeating: -1, count: 128 * 128)
    for key in 0..<128 {
      let onKey = zones.indices.filter { zones[$0].keys.contains(key) }
      guard !onKey.isEmpty else { continue }
      for velocity in 1...127 {
        let set = onKey.filter { zones[$0].velocities.contains(velocity) }
        guard !set.isEmpty else { continue }
        if let layer = known[set] {
          table[key * 128 + velocity] = layer
        } else {
          known[set] = Int32(layers.count)
          table[key * 128 + velocity] = Int32(layers.count)
          layers.append(set)
        }
      }
    }
    return (layers, table)
  }

  public func sample(for title: String) throws(BankError) -> DecodedSample {
    try sample(for: title, strikeLayer: strikeLayer(for: title, gain: 1, turn: 0))
  }

  /// The set of zones that plays the key at the tap's velocity; -1 when none does.
  public func strikeLayer(for title: String, gain: Double, turn: Int) -> Int {
    guard let key = midiNote(ofTitle: title), (0..<128).contains(key) else { return -1 }
    return Int(layerTable[key * 128 + TapVelocity.of(gain: gain)])
  }

  /// The velocity curve at the tap's velocity, times the attenuation of the layer's softest
  /// attenuated zone (the others' are in its sample); 0 for a silent tap.
  public func level(forGain gain: Double, title: String, strikeLayer: Int) -> Double {
    guard gain > 0 else { return 0 }
    let curve = sf2VelocityLevel(TapVelocity.of(gain: gain))
    guard layers.indices.contains(strikeLayer) else { return curve }
    return curve * sf2Amplitude(centibels: baseAttenuation(of: layers[strikeLayer]))
  }

  private func baseAttenuation(of layer: [Int]) -> Double {
    layer.map { zones[$0].attenuation }.min() ?? 0
  }

  /// The layer's zones mixed for the key: pitched, enveloped, filtered, panned; no frames for
  /// -1.
  public func sample(for title: String, strikeLayer: Int) throws(BankError) -> DecodedSample {
    guard layers.indices.contains(strikeLayer), let key = midiNote(ofTitle: title) else {
      return DecodedSample(title: title, source: path, sampleRate: 48_000, channels: 1, values: [])
    }
    let layer = layers[strikeLayer]
    let first = zones[layer[0]]
    let header = samples[first.sample]?.header
    guard let header else { preconditionFailure("every zone's sample is read on opening") }
    let cents = first.cents(forKey: key, sample: header)
    guard abs(cents) <= SFZRegion.maximumCents else {
      throw BankError(
        path: path,
        reason: "preset '\(preset.name)' plays \(NoteName.name(of: key)) \(cents) cents from the "
          + "pitch of sample '\(header.name)'; at most \(SFZRegion.maximumCents / 1_200) octaves "
          + "either way")
    }
    let ratio = cents == 0 ? 1 : ExactMath.power(2, over: 1, exponent: Double(cents) / 1_200)
    let played = playedZones(layer, key: key)
    let rate = Double(header.sampleRate) * ratio
    let delays = played.map { Int((zones[$0].envelope(forKey: key).delay * rate).rounded()) }
    let playbacks = played.map { index in
      zones[index].playback(
        of: samples[zones[index].sample]?.header ?? header, key: key, rate: rate)
    }
    let frameCount = zip(playbacks, delays).map { $0.frameCount + $1 }.max() ?? 0
    let seconds = Double(frameCount) / rate
    guard seconds <= Double(maximumSampleSeconds) else {
      throw BankError(
        path: path,
        reason: "preset '\(preset.name)' pitched to \(NoteName.name(of: key)) would last "
          + "\(timeText(seconds: seconds)), over the \(maximumSampleSeconds) s limit "
          + "(--max-sample-seconds)")
    }
    let base = baseAttenuation(of: layer)
    let stereo = played.count > 1 || first[SF2Generator.pan] != 0
    let channels = stereo ? 2 : 1
    var values = [Float](repeating: 0, count: frameCount * channels)
    for ((index, delay), playback) in zip(zip(played, delays), playbacks) {
      let zone = zones[index]
      guard let points = samples[zone.sample] else { continue }
      let envelope = zone.envelope(forKey: key)
      let gain = sf2Amplitude(centibels: zone.attenuation - base)
      let pan = zone.panGains
      let sides = stereo ? [pan.left, pan.right] : [pan.left]
      var sound = (0..<playback.frameCount).map { frame in
        points.value(at: playback.point(frame)) * gain * envelope.gain(at: Double(frame) / rate)
      }
      // Filtered to the end of the layer's longest zone: a resonance rings past its sample.
      sound.appendZeros(frameCount - delay - sound.count)
      let filter = zone.lowPass(forKey: key)
      if filter.isAudible {
        filter.apply(
          to: &sound, rate: Double(header.sampleRate), ratio: ratio,
          delay: Double(delay) / rate)
      }
      for (frame, value) in sound.enumerated() {
        for (channel, side) in sides.enumerated() {
          values[(delay + frame) * channels + channel] += Float(value * side)
        }
      }
    }
    var sample = DecodedSample(
      title: title, source: path, sampleRate: header.sampleRate, channels: channels,
      values: values)
    sample.pitchRatio = ratio
    return sample
  }

  /// The zones of `layer` that sound for `key`: those that share the first one's rate and
  /// pitch there.
  private func playedZones(_ layer: [Int], key: Int) -> [Int] {
    guard let first = layer.first, let header = samples[zones[first].sample]?.header else {
      return []
    }
    let cents = zones[first].cents(forKey: key, sample: header)
    return layer.filter { index in
      guard let other = samples[zones[index].sample]?.header else { return false }
      return other.sampleRate == header.sampleRate
        && zones[index].cents(forKey: key, sample: other) == cents
    }
  }

  /// The first zone's sample (unpitched, before its envelope's delay); stereo when the layer
  /// plays a pair or a panned zone.
  public func info(for title: String) throws(BankError) -> SampleInfo {
    let layer = strikeLayer(for: title, gain: 1, turn: 0)
    guard layers.indices.contains(layer), let key = midiNote(ofTitle: title),
      let points = samples[zones[layers[layer][0]].sample]
    else {
      return SampleInfo(title: title, source: path, sampleRate: 48_000, channels: 1, frameCount: 0)
    }
    let played = playedZones(layers[layer], key: key)
    let stereo = played.count > 1 || zones[layers[layer][0]][SF2Generator.pan] != 0
    return SampleInfo(
      title: title, source: "\(path) (\(points.header.name))",
      sampleRate: points.header.sampleRate, channels: stereo ? 2 : 1,
      frameCount: Int64(zones[layers[layer][0]].playedPoints(of: points.header).count))
  }
}

/// A preset as `keys --bank FILE.sf2` lists it.
public struct SF2Preset: Equatable, Sendable {
  /// The bank number as stored (0 for General MIDI's melodic presets, 128 for drum kits).
  public var bank: Int
  /// 1-128, as General MIDI numbers programs (the file stores 0-127).
  public var program: Int
  public var name: String
}
