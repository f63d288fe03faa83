/// A small SoundFont 2 writer for tests: presets, instruments and samples laid out as the
/// specification says (terminal records included), every generator written as given, so that a
/// test can break any part. `bytes()` also says where each chunk's header starts.
public struct SF2Fixture {
  /// A generator: its number and raw amount.
  public typealias Generator = (kind: Int, amount: UInt16)

  public struct Sample {
    public var name: String
    public var points: [Int16]
    public var rate: Int
    public var originalPitch: Int
    public var pitchCorrection: Int
    public var type: Int
    /// Start and end in points of the whole data, when a test breaks them; nil: where it lies.
    public var start: Int?
    public var end: Int?
    public var loop: (Int, Int)?

    public init(
      name: String = "tone", points: [Int16], rate: Int = 44_100, originalPitch: Int = 60,
      pitchCorrection: Int = 0, type: Int = 1
    ) {
      (self.name, self.points, self.rate) = (name, points, rate)
      (self.originalPitch, self.pitchCorrection, self.type) = (originalPitch, pitchCorrection, type)
    }
  }

  /// A preset or instrument: its name and its zones' generators.
  public struct Part {
    public var name: String
    public var program: Int
    public var bank: Int
    public var zones: [[Generator]]

    public init(name: String, program: Int = 0, bank: Int = 0, zones: [[Generator]]) {
      (self.name, self.program, self.bank, self.zones) = (name, program, bank, zones)
    }
  }

  public var name = "Test Font"
  public var presets: [Part]
  public var instruments: [Part]
  public var samples: [Sample]
  /// The `sm24` chunk's bytes, for 24-bit samples.
  public var extra: [UInt8]?
  /// Chunks written in `pdta` in place of the usual ones, by their four-character code.
  public var replaced: [String: [UInt8]] = [:]

  public init(presets: [Part], instruments: [Part], samples: [Sample]) {
    (self.presets, self.instruments, self.samples) = (presets, instruments, samples)
  }

  /// One preset (program 0) playing one instrument whose one zone plays sample 0 with
  /// `generators` before its sample ID.
  public static func simple(
    _ generators: [Generator] = [], points: [Int16] = [1_000, 2_000, -3_000, 4_000]
  )
    -> SF2Fixture
  {
    SF2Fixture(
      presets: [Part(name: "Xylophone", program: 13, zones: [[instrument(0)]])],
      instruments: [Part(name: "Xylo", zones: [generators + [sample(0)]])],
      samples: [Sample(points: points)])
  }

  public static func instrument(_ index: Int) -> Generator { (41, UInt16(index)) }
  public static func sample(_ index: Int) -> Generator { (53, UInt16(index)) }
  public static func keys(_ low: Int, _ high: Int) -> Generator { (43, UInt16(low | high << 8)) }
  public static func velocities(_ low: Int, _ high: Int) -> Generator {
    (44, UInt16(low | high << 8))
  }
  public static func value(_ kind: Int, _ amount: Int) -> Generator {
    (kind, UInt16(bitPattern: Int16(amount)))
  }

  /// The file, and where each chunk's header starts (by code; `LIST` by its list type).
  public func bytes() -> (bytes: [UInt8], offsets: Offsets) {
    var offsets = Offsets()
    var data: [UInt8] = []
    var shdr: [UInt8] = []
    for sample in samples {
      let start = data.count / 2
      for point in sample.points + [Int16](repeating: 0, count: 46) {
        data += Self.little(Int(UInt16(bitPattern: point)), 2)
      }
      let end = start + sample.points.count
      let loop = sample.loop ?? (start, end)
      shdr += Self.name(sample.name) + Self.little(sample.start ?? start, 4)
      shdr += Self.little(sample.end ?? end, 4) + Self.little(loop.0, 4) + Self.little(loop.1, 4)
      shdr += Self.little(sample.rate, 4) + [UInt8(sample.originalPitch)]
      shdr += [UInt8(bitPattern: Int8(sample.pitchCorrection))] + Self.little(0, 2)
      shdr += Self.little(sample.type, 2)
    }
    shdr += Self.name("EOS") + [UInt8](repeating: 0, count: 26)
    func tables(_ parts: [Part], header: (Part, Int) -> [UInt8], terminal: [UInt8])
      -> (headers: [UInt8], bags: [UInt8], generators: [UInt8], modulators: [UInt8])
    {
      var (headers, bags, generators) = ([UInt8](), [UInt8](), [UInt8]())
      var bagCount = 0
      var generatorCount = 0
      for part in parts {
        headers += header(part, bagCount)
        for zone in part.zones {
          bags += Self.little(generatorCount, 2) + Self.little(0, 2)
          bagCount += 1
          for generator in zone {
            generators += Self.little(generator.kind, 2) + Self.little(Int(generator.amount), 2)
            generatorCount += 1
          }
        }
      }
      headers += terminal + Self.little(bagCount, 2)
      bags += Self.little(generatorCount, 2) + Self.little(0, 2)
      generators += [UInt8](repeating: 0, count: 4)
      return (headers, bags, generators, [UInt8](repeating: 0, count: 10))
    }
    let presetTables = tables(
      presets,
      header: { part, bag in
        Self.name(part.name) + Self.little(part.program, 2) + Self.little(part.bank, 2)
          + Self.little(bag, 2) + [UInt8](repeating: 0, count: 12)
      }, terminal: Self.name("EOP") + Self.little(0, 4))
    // The EOP record ends with 12 bytes of zeros (library, genre, morphology).
    let phdr = presetTables.headers + [UInt8](repeating: 0, count: 12)
    let instrumentTables = tables(
      instruments, header: { part, bag in Self.name(part.name) + Self.little(bag, 2) },
      terminal: Self.name("EOI"))
    var file = Self.list(
      "INFO", [("ifil", Self.little(2, 2) + Self.little(4, 2)), ("INAM", Self.name(name))])
    var sdta: [(String, [UInt8])] = [("smpl", data)]
    if let extra { sdta.append(("sm24", extra)) }
    let pdta: [(String, [UInt8])] = [
      ("phdr", phdr), ("pbag", presetTables.bags), ("pmod", presetTables.modulators),
      ("pgen", presetTables.generators), ("inst", instrumentTables.headers),
      ("ibag", instrumentTables.bags), ("imod", instrumentTables.modulators),
      ("igen", instrumentTables.generators), ("shdr", shdr),
    ].map { ($0.0, replaced[$0.0] ?? $0.1) }
    offsets["INFO"] = 12
    for (type, chunks) in [("sdta", sdta), ("pdta", pdta)] {
      offsets[type] = 12 + file.count
      var position = 12 + file.count + 12
      for (id, body) in chunks {
        offsets[id] = position
        position += 8 + body.count + body.count % 2
      }
      file += Self.list(type, chunks)
    }
    return (
      Array("RIFF".utf8) + Self.little(file.count + 4, 4) + Array("sfbk".utf8) + file, offsets
    )
  }

  /// Where each chunk's header starts, by its code (a list by its type); -1 for none.
  public struct Offsets: Sendable {
    var starts: [String: Int] = [:]

    public subscript(_ id: String) -> Int {
      get { starts[id] ?? -1 }
      set { starts[id] = newValue }
    }
  }

  private static func list(_ type: String, _ chunks: [(String, [UInt8])]) -> [UInt8] {
    var body = Array(type.utf8)
    for (id, bytes) in chunks {
      body += Array(id.utf8) + little(bytes.count, 4) + bytes + (bytes.count % 2 == 1 ? [0] : [])
    }
    return Array("LIST".utf8) + little(body.count, 4) + body
  }

  private static func name(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8.prefix(19))
    return bytes + [UInt8](repeating: 0, count: 20 - bytes.count)
  }

  public static func little(_ value: Int, _ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
