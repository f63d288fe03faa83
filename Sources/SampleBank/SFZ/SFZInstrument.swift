import AudioBasics

/// An SFZ file's regions, each with what it inherits, and the warnings its unsupported parts
/// give: the instrument an `SFZBank` plays.
struct SFZInstrument: Equatable, Sendable {
  var regions: [SFZRegion] = []
  /// `<control>`'s `default_path`, put before every sample path.
  var defaultPath = ""
  /// `FILE:LINE: …` lines, one per unsupported opcode, header or directive, files in the order read.
  var warnings: [String] = []

  /// The opcodes this reader plays; any other is listed once as a warning and ignored.
  static let supportedOpcodes: Set<String> = [
    "sample", "lokey", "hikey", "key", "pitch_keycenter", "lovel", "hivel", "seq_length",
    "seq_position", "volume", "tune", "transpose", "pitch_keytrack", "offset", "amp_veltrack",
    "default_path",
  ]

  /// Reads `lines`, the SFZ file at `path` with what it includes (`SFZText`). What a header
  /// sets is applied once, onto the region its level hands down (`<global>`, then `<master>`,
  /// then `<group>`), so every `<region>` costs only its own opcodes.
  init(lines: [SFZLine], path: String) throws(BankError) {
    let file = try SFZFile(lines: lines)
    var warned = Set<String>()
    var ignored: [(place: SFZPlace, message: String)] = []
    func warn(_ place: SFZPlace, _ what: String, _ message: String) {
      guard warned.insert(what).inserted else { return }
      ignored.append((place, message))
    }
    for (place, text) in file.skipped {
      warn(place, text, "'\(text)' is not supported; the line is ignored")
    }
    /// `base` with `opcodes` applied, each unsupported one warned about once.
    func applying(_ opcodes: [SFZFile.Opcode], to base: SFZRegion) throws(BankError) -> SFZRegion {
      var region = base
      for opcode in opcodes {
        guard Self.supportedOpcodes.contains(opcode.name), opcode.name != "default_path" else {
          warn(opcode.place, opcode.name, "opcode '\(opcode.name)' is not supported; ignored")
          continue
        }
        try Self.apply(opcode, to: &region)
      }
      return region
    }
    // What each level of the hierarchy hands down: a region with its opcodes applied.
    var global = SFZRegion()
    var master = global
    var group = master
    for section in file.sections {
      let fail = { (message: String) in
        BankError(path: section.place.description, reason: message)
      }
      switch section.header {
      case "control":
        for opcode in section.opcodes {
          if opcode.name == "default_path" {
            defaultPath = opcode.value.replacingBackslashes()
          } else {
            warn(opcode.place, opcode.name, "opcode '\(opcode.name)' is not supported; ignored")
          }
        }
      case "global":
        global = try applying(section.opcodes, to: SFZRegion())
        (master, group) = (global, global)
      case "master":
        master = try applying(section.opcodes, to: global)
        group = master
      case "group": group = try applying(section.opcodes, to: master)
      case "region":
        var region = try applying(section.opcodes, to: group)
        region.place = section.place
        guard !region.sample.isEmpty else { throw fail("the region has no sample=") }
        guard region.lowestKey <= region.highestKey else {
          throw fail("the region's lokey is above its hikey")
        }
        guard region.lowestVelocity <= region.highestVelocity else {
          throw fail("the region's lovel is above its hivel")
        }
        guard region.sequencePosition <= region.sequenceLength else {
          throw fail("seq_position \(region.sequencePosition) is past seq_length")
        }
        regions.append(region)
      default:
        warn(section.place, "<\(section.header)>", "<\(section.header)> is not supported; ignored")
      }
    }
    guard !regions.isEmpty else { throw BankError(path: path, reason: "it has no <region>") }
    // By line within a file, files in the order they were first read.
    var fileOrder: [String: Int] = [:]
    for line in lines where fileOrder[line.place.file] == nil {
      fileOrder[line.place.file] = fileOrder.count
    }
    warnings = ignored.sorted {
      (fileOrder[$0.place.file] ?? 0, $0.place.line) < (
        fileOrder[$1.place.file] ?? 0, $1.place.line
      )
    }.map { "\($0.place): \($0.message)" }
  }

  /// Sets the region's field for one supported opcode, checking its value.
  private static func apply(_ opcode: SFZFile.Opcode, to region: inout SFZRegion)
    throws(BankError)
  {
    func fail(_ message: String) -> BankError {
      BankError(path: opcode.place.description, reason: message)
    }
    /// The opcode's value read by `parse`, within `range` (`kind` and `bounds` name them).
    func value<Value: Comparable>(
      _ parse: (String) -> Value?, in range: ClosedRange<Value>, kind: String, bounds: String
    ) throws(BankError) -> Value {
      guard let value = parse(opcode.value), range.contains(value) else {
        throw fail("\(opcode.name)=\(opcode.value) is not \(kind) from \(bounds)")
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
