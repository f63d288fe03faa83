import Platform

/// Why text is not a manifest this tool reads.
public struct ManifestError: Error, Equatable, Sendable, CustomStringConvertible {
  public var reason: String

  public init(reason: String) {
    self.reason = reason
  }

  /// `not a render manifest: 'taps' is missing`.
  public var description: String { "not a render manifest: \(reason)" }
}

extension RenderManifest {
  /// The manifest as JSON text: the same bytes for the same render on every machine (keys
  /// sorted, numbers written one way, a newline at the end). Foundation's `JSONDecoder` reads
  /// it back into the same value too (the keys are the `Codable` keys).
  public var jsonText: String { jsonValue.text }

  /// Reads a manifest from JSON text as `jsonText` writes it. A manifest of a newer
  /// `format_version` than this tool's is refused.
  public init(jsonText: String) throws(ManifestError) {
    let value: JSONValue
    do { value = try JSONValue(parsing: jsonText) } catch {
      throw ManifestError(reason: "the JSON is malformed: \(error)")
    }
    try self.init(json: value)
  }

  package var jsonValue: JSONValue {
    typealias Key = CodingKeys
    return .object([
      Key.formatVersion.stringValue: .number(formatVersion),
      Key.tool.stringValue: .object(["name": .string(tool.name), "version": .string(tool.version)]),
      Key.settings.stringValue: settings.jsonValue,
      Key.linesAreTracks.stringValue: .bool(linesAreTracks),
      Key.tempos.stringValue: .array(
        tempos.map { tempo in
          .object([
            "frame": .number(tempo.frame), "time": .string(tempo.time), "bpm": .string(tempo.bpm),
            "line": .optional(tempo.line, JSONValue.number),
          ])
        }),
      Key.samples.stringValue: .array(
        samples.map { sample in
          .object([
            "key": .string(sample.key), "layer": .number(sample.layer),
            "frames": .number(sample.frames), "hash": .string(sample.hash),
          ])
        }),
      Key.taps.stringValue: .array(
        taps.map { tap in
          .object([
            "frame": .number(tap.frame), "key": .string(tap.key), "gain": .number(tap.gain),
            "line": .number(tap.line),
          ])
        }),
      Key.length.stringValue: .object([
        "frames": .number(length.frames), "seconds": .string(length.seconds),
      ]),
      Key.loudness.stringValue: .optional(loudness) { measured in
        typealias Key = Measurement.CodingKeys
        return .object([
          Key.integratedLUFS.stringValue: .optional(measured.integratedLUFS, JSONValue.number),
          Key.truePeakDecibels.stringValue: .optional(measured.truePeakDecibels, JSONValue.number),
          Key.samplePeakDecibels.stringValue: .optional(
            measured.samplePeakDecibels, JSONValue.number),
        ])
      },
      Key.contentHash.stringValue: .optional(contentHash, JSONValue.string),
    ])
  }

  init(json: JSONValue) throws(ManifestError) {
    typealias Key = CodingKeys
    let fields = Fields(json, name: "the manifest")
    formatVersion = try fields.int(Key.formatVersion.stringValue)
    guard formatVersion <= Self.currentFormatVersion else {
      throw ManifestError(
        reason:
          "its format_version is \(formatVersion); this tool reads \(Self.currentFormatVersion)")
    }
    let toolFields = try fields.object(Key.tool.stringValue)
    tool = Tool(name: try toolFields.string("name"), version: try toolFields.string("version"))
    settings = try Configuration(json: try fields.object(Key.settings.stringValue).value)
    linesAreTracks = try fields.bool(Key.linesAreTracks.stringValue)
    tempos = try fields.objects(Key.tempos.stringValue).map { (tempo) throws(ManifestError) in
      Tempo(
        frame: try tempo.int64("frame"), time: try tempo.string("time"),
        bpm: try tempo.string("bpm"), line: try tempo.optionalInt("line"))
    }
    samples = try fields.objects(Key.samples.stringValue).map { (sample) throws(ManifestError) in
      KeySample(
        key: try sample.string("key"), layer: try sample.int("layer"),
        frames: try sample.int("frames"), hash: try sample.string("hash"))
    }
    taps = try fields.objects(Key.taps.stringValue).map { (tap) throws(ManifestError) in
      Tap(
        frame: try tap.int64("frame"), key: try tap.string("key"), gain: try tap.double("gain"),
        line: try tap.int("line"))
    }
    let lengthFields = try fields.object(Key.length.stringValue)
    length = Length(
      frames: try lengthFields.int64("frames"), seconds: try lengthFields.string("seconds"))
    if let measured = try fields.optionalObject(Key.loudness.stringValue) {
      typealias Key = Measurement.CodingKeys
      loudness = Measurement(
        integratedLUFS: try measured.optionalDouble(Key.integratedLUFS.stringValue),
        truePeakDecibels: try measured.optionalDouble(Key.truePeakDecibels.stringValue),
        samplePeakDecibels: try measured.optionalDouble(Key.samplePeakDecibels.stringValue))
    } else {
      loudness = nil
    }
    contentHash = try fields.optionalString(Key.contentHash.stringValue)
  }
}

extension RenderManifest.Configuration {
  package var jsonValue: JSONValue {
    typealias Key = CodingKeys
    func text(_ value: String?) -> JSONValue { .optional(value, JSONValue.string) }
    func number(_ value: Double?) -> JSONValue { .optional(value, JSONValue.number) }
    func number(_ value: Int?) -> JSONValue { .optional(value, JSONValue.number) }
    return .object([
      Key.rate.stringValue: .number(rate),
      Key.channels.stringValue: .number(channels),
      Key.container.stringValue: .string(container),
      Key.encoding.stringValue: text(encoding),
      Key.bitRate.stringValue: number(bitRate),
      Key.bank.stringValue: .string(bank),
      Key.mallet.stringValue: text(mallet),
      Key.room.stringValue: .string(room),
      Key.level.stringValue: .string(level),
      Key.gainDecibels.stringValue: number(gainDecibels),
      Key.normalizePeakDecibels.stringValue: number(normalizePeakDecibels),
      Key.loudnessTargetLUFS.stringValue: number(loudnessTargetLUFS),
      Key.truePeakCeilingDecibels.stringValue: number(truePeakCeilingDecibels),
      Key.length.stringValue: .string(length),
      Key.tailSeconds.stringValue: text(tailSeconds),
      Key.durationSeconds.stringValue: text(durationSeconds),
      Key.fadeOutSeconds.stringValue: .string(fadeOutSeconds),
      Key.polyphony.stringValue: number(polyphony),
      Key.cutFadeSeconds.stringValue: .string(cutFadeSeconds),
      Key.ditherSeed.stringValue: .optional(ditherSeed) { .number(String($0)) },
    ])
  }

  init(json: JSONValue) throws(ManifestError) {
    typealias Key = CodingKeys
    let fields = Fields(json, name: "settings")
    self.init(
      rate: try fields.int(Key.rate.stringValue),
      channels: try fields.int(Key.channels.stringValue),
      container: try fields.string(Key.container.stringValue),
      encoding: try fields.optionalString(Key.encoding.stringValue),
      bitRate: try fields.optionalInt(Key.bitRate.stringValue),
      bank: try fields.string(Key.bank.stringValue),
      mallet: try fields.optionalString(Key.mallet.stringValue),
      room: try fields.string(Key.room.stringValue),
      level: try fields.string(Key.level.stringValue),
      gainDecibels: try fields.optionalDouble(Key.gainDecibels.stringValue),
      normalizePeakDecibels: try fields.optionalDouble(Key.normalizePeakDecibels.stringValue),
      loudnessTargetLUFS: try fields.optionalDouble(Key.loudnessTargetLUFS.stringValue),
      truePeakCeilingDecibels: try fields.optionalDouble(
        Key.truePeakCeilingDecibels.stringValue),
      length: try fields.string(Key.length.stringValue),
      tailSeconds: try fields.optionalString(Key.tailSeconds.stringValue),
      durationSeconds: try fields.optionalString(Key.durationSeconds.stringValue),
      fadeOutSeconds: try fields.string(Key.fadeOutSeconds.stringValue),
      polyphony: try fields.optionalInt(Key.polyphony.stringValue),
      cutFadeSeconds: try fields.string(Key.cutFadeSeconds.stringValue),
      ditherSeed: try fields.optionalUnsignedInt(Key.ditherSeed.stringValue))
  }
}

/// An object's fields read by name, each failure saying which field of what.
private struct Fields {
  let value: JSONValue
  let name: String

  init(_ value: JSONValue, name: String) {
    self.value = value
    self.name = name
  }

  private func field(_ key: String) throws(ManifestError) -> JSONValue {
    guard case .object = value else { throw ManifestError(reason: "\(name) is not an object") }
    guard let field = value[key] else {
      throw ManifestError(reason: "'\(key)' is missing in \(name)")
    }
    return field
  }

  private func wrong(_ key: String, _ kind: String) -> ManifestError {
    ManifestError(reason: "'\(key)' in \(name) is not \(kind)")
  }

  /// The field, or `nil` when it is `null` or left out (as `JSONEncoder` leaves out `nil`).
  private func optional(_ key: String) throws(ManifestError) -> JSONValue? {
    guard case .object = value else { throw ManifestError(reason: "\(name) is not an object") }
    guard let field = value[key], !field.isNull else { return nil }
    return field
  }

  func string(_ key: String) throws(ManifestError) -> String {
    guard let text = try field(key).string else { throw wrong(key, "a string") }
    return text
  }

  func optionalString(_ key: String) throws(ManifestError) -> String? {
    guard let field = try optional(key) else { return nil }
    guard let text = field.string else { throw wrong(key, "a string") }
    return text
  }

  func int(_ key: String) throws(ManifestError) -> Int {
    guard let number = try field(key).int else { throw wrong(key, "a whole number") }
    return number
  }

  func optionalInt(_ key: String) throws(ManifestError) -> Int? {
    guard let field = try optional(key) else { return nil }
    guard let number = field.int else { throw wrong(key, "a whole number") }
    return number
  }

  func int64(_ key: String) throws(ManifestError) -> Int64 {
    guard let number = try field(key).int64 else { throw wrong(key, "a whole number") }
    return number
  }

  func optionalUnsignedInt(_ key: String) throws(ManifestError) -> UInt64? {
    guard let field = try optional(key) else { return nil }
    guard let number = field.unsignedInt else { throw wrong(key, "a whole number") }
    return number
  }

  func double(_ key: String) throws(ManifestError) -> Double {
    guard let number = try field(key).double else { throw wrong(key, "a number") }
    return number
  }

  func optionalDouble(_ key: String) throws(ManifestError) -> Double? {
    guard let field = try optional(key) else { return nil }
    guard let number = field.double else { throw wrong(key, "a number") }
    return number
  }

  func bool(_ key: String) throws(ManifestError) -> Bool {
    guard let flag = try field(key).bool else { throw wrong(key, "true or false") }
    return flag
  }

  func object(_ key: String) throws(ManifestError) -> Fields {
    let field = try field(key)
    guard case .object = field else { throw wrong(key, "an object") }
    return Fields(field, name: "'\(key)'")
  }

  func optionalObject(_ key: String) throws(ManifestError) -> Fields? {
    guard let field = try optional(key) else { return nil }
    guard case .object = field else { throw wrong(key, "an object") }
    return Fields(field, name: "'\(key)'")
  }

  func objects(_ key: String) throws(ManifestError) -> [Fields] {
    guard let values = try field(key).array else { throw wrong(key, "an array") }
    return try values.enumerated().map { (index, element) throws(ManifestError) in
      guard case .object = element else {
        throw ManifestError(reason: "item \(index + 1) of '\(key)' is not an object")
      }
      return Fields(element, name: "item \(index + 1) of '\(key)'")
    }
  }
}
