import AudioBasics

/// An SFZ file's regions, each with what it inherits, and the warnings its unsupported parts
/// give: the instrument an `SFZBank` plays.
struct SFZInstrument: Equatable, Sendable {
  var regions: [SFZRegion] = []
  /// `<control>`'s `default_path`, put before every sample path.
  var defaultPath = ""
  /// `FILE:LINE: …` lines, one per unsupported opcode, header or directive.
  var warnings: [String] = []

  /// The opcodes this reader plays; any other is listed once as a warning and ignored.
  static let supportedOpcodes: Set<String> = [
    "sample", "lokey", "hikey", "key", "pitch_keycenter", "lovel", "hivel", "seq_length",
    "seq_position", "volume", "tune", "transpose", "pitch_keytrack", "offset", "amp_veltrack",
    "default_path",
  ]

  /// Reads `text`, the SFZ file at `path` (named in messages).
  init(text: String, path: String) throws(BankError) {
    let fail = { (line: Int, message: String) in
      BankError(path: "\(path):\(line)", reason: message)
    }
    let file = try SFZFile(text: text, fail: fail)
    var warned = Set<String>()
    var ignored: [(line: Int, message: String)] = []
    func warn(_ line: Int, _ what: String, _ message: String) {
      guard warned.insert(what).inserted else { return }
      ignored.append((line, message))
    }
    for (line, text) in file.skipped {
      warn(line, text, "'\(text)' is not supported; the line is ignored")
    }
    // What each level of the hierarchy sets, applied in order onto a region.
    var global: [SFZFile.Opcode] = []
    var master: [SFZFile.Opcode] = []
    var group: [SFZFile.Opcode] = []
    for section in file.sections {
      switch section.header {
      case "control":
        for opcode in section.opcodes {
          if opcode.name == "default_path" {
            defaultPath = opcode.value.replacingBackslashes()
          } else {
            warn(opcode.line, opcode.name, "opcode '\(opcode.name)' is not supported; ignored")
          }
        }
      case "global": (global, master, group) = (section.opcodes, [], [])
      case "master": (master, group) = (section.opcodes, [])
      case "group": group = section.opcodes
      case "region":
        var region = SFZRegion()
        region.line = section.line
        for opcode in global + master + group + section.opcodes {
          guard Self.supportedOpcodes.contains(opcode.name), opcode.name != "default_path" else {
            warn(opcode.line, opcode.name, "opcode '\(opcode.name)' is not supported; ignored")
            continue
          }
          try Self.apply(opcode, to: &region, fail: fail)
        }
        guard !region.sample.isEmpty else {
          throw fail(section.line, "the region has no sample=")
        }
        guard region.lowestKey <= region.highestKey else {
          throw fail(section.line, "the region's lokey is above its hikey")
        }
        guard region.lowestVelocity <= region.highestVelocity else {
          throw fail(section.line, "the region's lovel is above its hivel")
        }
        guard region.sequencePosition <= region.sequenceLength else {
          throw fail(section.line, "seq_position \(region.sequencePosition) is past seq_length")
        }
        regions.append(region)
      default:
        warn(section.line, "<\(section.header)>", "<\(section.header)> is not supported; ignored")
      }
    }
    guard !regions.isEmpty else { throw BankError(path: path, reason: "it has no <region>") }
    warnings = ignored.sorted { $0.line < $1.line }.map { "\(path):\($0.line): \($0.message)" }
  }

  /// Sets the region's field for one supported opcode, checking its value.
  private static func apply(
    _ opcode: SFZFile.Opcode, to region: inout SFZRegion, fail: (Int, String) -> BankError
  ) throws(BankError) {
    /// The opcode's value read by `parse`, within `range` (`kind` and `bounds` name them).
    func value<Value: Comparable>(
      _ parse: (String) -> Value?, in range: ClosedRange<Value>, kind: String, bounds: String
    ) throws(BankError) -> Value {
      guard let value = parse(opcode.value), range.contains(value) else {
        throw fail(opcode.line, "\(opcode.name)=\(opcode.value) is not \(kind) from \(bounds)")
      }
      return value
    }
    func integer(_ range: ClosedRange<Int>) throws(BankError) -> Int {
      try value(
        { Int($0) }, in: range, kind: "a whole number",
        bounds: "\(range.lowerBound) to \(range.upperBound)")
    }
    func number(_ range: ClosedRange<Double>) throws(BankError) -> Double {
      try value(
        { Double($0) }, in: range, kind: "a number",
        bounds: "\(Int(range.lowerBound)) to \(Int(range.upperBound))")
    }
    func key() throws(BankError) -> Int {
      if let value = Int(opcode.value), (0...127).contains(value) { return value }
      let name = opcode.value.prefix(1).uppercased() + opcode.value.dropFirst()
      guard let note = NoteName.note(named: name), (0...127).contains(note) else {
        throw fail(
          opcode.line,
          "\(opcode.name)=\(opcode.value) is not a key: a MIDI note 0-127 or a name such as c#4")
      }
      return note
    }
    switch opcode.name {
    case "sample": region.sample = opcode.value.replacingBackslashes()
    case "lokey": region.lowestKey = try key()
    case "hikey": region.highestKey = try key()
    case "key":
      let note = try key()
      (region.lowestKey, region.highestKey, region.keyCenter) = (note, note, note)
    case "pitch_keycenter": region.keyCenter = try key()
    case "lovel": region.lowestVelocity = try integer(1...127)
    case "hivel": region.highestVelocity = try integer(1...127)
    case "seq_length": region.sequenceLength = try integer(1...100)
    case "seq_position": region.sequencePosition = try integer(1...100)
    case "volume": region.volume = try number(-144...6)
    case "tune": region.tune = try integer(-100...100)
    case "transpose": region.transpose = try integer(-127...127)
    case "pitch_keytrack": region.pitchKeytrack = try integer(-1_200...1_200)
    case "offset": region.offset = try integer(0...Int(Int32.max))
    case "amp_veltrack": region.ampVeltrack = try number(-100...100)
    default: break
    }
  }
}

extension String {
  /// Windows-made instruments write paths with backslashes.
  fileprivate func replacingBackslashes() -> String {
    String(map { $0 == "\\" ? "/" : $0 })
  }
}
