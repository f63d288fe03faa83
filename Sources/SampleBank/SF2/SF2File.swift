/// A SoundFont 2 file's parts (RIFF `sfbk`): its name, where its sample data lies, and the
/// nine tables of its `pdta` list, every index between them checked, so that following them
/// cannot leave a table. Records keep the byte they start at, for messages.
///
/// Grammar: `RIFF sfbk { LIST INFO { ifil INAM … } LIST sdta { smpl [sm24] } LIST pdta { phdr
/// pbag pmod pgen inst ibag imod igen shdr } }`; unknown chunks are skipped. Linear in the bytes.
struct SF2File {
  /// A `phdr` record: a preset, its bank and program (0-127 as stored), its first zone.
  struct PresetHeader {
    var name: String
    var program: Int
    var bank: Int
    var firstBag: Int
    var offset: Int
  }

  /// An `inst` record: an instrument and its first zone.
  struct InstrumentHeader {
    var name: String
    var firstBag: Int
    var offset: Int
  }

  /// A `pbag` or `ibag` record: a zone's first generator.
  struct Bag {
    var firstGenerator: Int
    var firstModulator: Int
    var offset: Int
  }

  /// A `pgen` or `igen` record: a generator's number and its raw 16-bit amount.
  struct Generator {
    var kind: Int
    var amount: UInt16
    var offset: Int

    var signed: Int { Int(Int16(bitPattern: amount)) }
    /// The amount as a key or velocity range: low byte, high byte.
    var range: ClosedRange<Int>? {
      let (low, high) = (Int(amount & 0xFF), Int(amount >> 8))
      return low <= high ? low...high : nil
    }
  }

  /// A `shdr` record: where a sample lies in the data (in sample points) and how it sounds.
  struct SampleHeader {
    var name: String
    var start: Int
    var end: Int
    var loopStart: Int
    var loopEnd: Int
    var sampleRate: Int
    var originalPitch: Int
    var pitchCorrection: Int
    var type: Int
    var offset: Int
  }

  /// The `INAM` name.
  var name = ""
  /// The bytes of `smpl`: 16-bit little-endian sample points.
  var sampleData: Range<Int> = 0..<0
  /// The bytes of `sm24`, the low bytes of 24-bit sample points, when it fits `smpl`.
  var extraData: Range<Int>?
  /// Each table without its terminal record (`EOP`, `EOI`, `EOS`); the bags and generators
  /// with theirs, so that zone `i` runs to the start of `i + 1`.
  var presets: [PresetHeader] = []
  var presetBags: [Bag] = []
  var presetGenerators: [Generator] = []
  var instruments: [InstrumentHeader] = []
  var instrumentBags: [Bag] = []
  var instrumentGenerators: [Generator] = []
  var samples: [SampleHeader] = []
  /// The first zone of the terminal records (`EOP`, `EOI`): where the last preset's and the
  /// last instrument's zones end.
  var presetBagsEnd = 0
  var instrumentBagsEnd = 0

  /// The number of 16-bit sample points in `smpl`.
  var sampleCount: Int { sampleData.count / 2 }

  /// Reads `bytes`, the file at `path`; what breaks the format is refused with its byte offset.
  init(bytes: [UInt8], path: String) throws(BankError) {
    let reader = SF2Reader(bytes: bytes, path: path)
    guard bytes.count >= 12, reader.tag(at: 0) == "RIFF", reader.tag(at: 8) == "sfbk" else {
      throw reader.error(at: 0, "it is not a SoundFont 2 file (no RIFF 'sfbk' header)")
    }
    let riffEnd = try reader.chunkEnd(at: 0, within: bytes.count)
    guard riffEnd >= 12 else {
      throw reader.error(
        at: 0, "chunk 'RIFF' says it holds \(riffEnd - 8) bytes, too few for its type 'sfbk'")
    }
    var pdta: [String: Range<Int>] = [:]
    for list in try reader.chunks(in: 12..<riffEnd) where list.id == "LIST" {
      guard list.data.count >= 4 else { throw reader.error(at: list.offset, "a LIST has no type") }
      let type = reader.tag(at: list.data.lowerBound)
      for chunk in try reader.chunks(in: list.data.lowerBound + 4..<list.data.upperBound) {
        switch (type, chunk.id) {
        case ("INFO", "ifil"):
          guard chunk.data.count >= 4 else {
            throw reader.error(at: chunk.offset, "its version chunk 'ifil' is too short")
          }
          let major = reader.integer(at: chunk.data.lowerBound, bytes: 2)
          guard major != 3 else {
            throw reader.error(
              at: chunk.offset,
              "it is a SoundFont 3 (.sf3, compressed samples), which xylo-render "
                + "does not decode; use its .sf2")
          }
        case ("INFO", "INAM"): name = reader.text(in: chunk.data)
        case ("sdta", "smpl"): sampleData = chunk.data
        case ("sdta", "sm24"): extraData = chunk.data
        case ("pdta", _): pdta[chunk.id] = pdta[chunk.id] ?? chunk.data
        default: break
        }
      }
    }
    // sm24 that does not match smpl is ignored, as the specification says.
    if let extra = extraData, extra.count != sampleCount + sampleCount % 2,
      extra.count != sampleCount
    {
      extraData = nil
    }
    func table(_ id: String, size: Int, least: Int) throws(BankError) -> [Int] {
      guard let data = pdta[id] else {
        throw reader.error(at: 12, "it has no '\(id)' chunk in its 'pdta' list")
      }
      guard data.count % size == 0, data.count / size >= least else {
        throw reader.error(
          at: data.lowerBound - 8,
          "its '\(id)' chunk holds \(data.count) bytes; it must hold \(least) or more records of "
            + "\(size) bytes")
      }
      return Array(stride(from: data.lowerBound, to: data.upperBound, by: size))
    }
    presets = try table("phdr", size: 38, least: 2).map { offset in
      PresetHeader(
        name: reader.text(in: offset..<offset + 20),
        program: reader.integer(at: offset + 20, bytes: 2),
        bank: reader.integer(at: offset + 22, bytes: 2),
        firstBag: reader.integer(at: offset + 24, bytes: 2), offset: offset)
    }
    presetBags = try table("pbag", size: 4, least: 1).map(reader.bag(at:))
    presetGenerators = try table("pgen", size: 4, least: 1).map(reader.generator(at:))
    let presetModulators = try table("pmod", size: 10, least: 1).count
    instruments = try table("inst", size: 22, least: 2).map { offset in
      InstrumentHeader(
        name: reader.text(in: offset..<offset + 20),
        firstBag: reader.integer(at: offset + 20, bytes: 2), offset: offset)
    }
    instrumentBags = try table("ibag", size: 4, least: 1).map(reader.bag(at:))
    instrumentGenerators = try table("igen", size: 4, least: 1).map(reader.generator(at:))
    let instrumentModulators = try table("imod", size: 10, least: 1).count
    samples = try table("shdr", size: 46, least: 2).map(reader.sampleHeader(at:))
    try reader.checkOrder(
      presets.map { ($0.firstBag, $0.offset) }, within: presetBags.count - 1,
      what: "preset's first zone", list: "pbag")
    try reader.checkOrder(
      presetBags.map { ($0.firstGenerator, $0.offset) },
      within: presetGenerators.count, what: "zone's first generator", list: "pgen")
    try reader.checkOrder(
      presetBags.map { ($0.firstModulator, $0.offset) },
      within: presetModulators, what: "zone's first modulator", list: "pmod")
    try reader.checkOrder(
      instruments.map { ($0.firstBag, $0.offset) },
      within: instrumentBags.count - 1, what: "instrument's first zone", list: "ibag")
    try reader.checkOrder(
      instrumentBags.map { ($0.firstGenerator, $0.offset) },
      within: instrumentGenerators.count, what: "zone's first generator", list: "igen")
    try reader.checkOrder(
      instrumentBags.map { ($0.firstModulator, $0.offset) },
      within: instrumentModulators, what: "zone's first modulator", list: "imod")
    presetBagsEnd = presets.removeLast().firstBag
    instrumentBagsEnd = instruments.removeLast().firstBag
    samples.removeLast()
    if let compressed = samples.first(where: { $0.type & 0x10 != 0 }) {
      throw reader.error(
        at: compressed.offset,
        "sample '\(compressed.name)' is compressed (SoundFont 3, .sf3), "
          + "which xylo-render does not decode; use the .sf2")
    }
  }
}

/// Bounded little-endian reading of a SoundFont's bytes, and its errors.
private struct SF2Reader {
  let bytes: [UInt8]
  let path: String

  func error(at offset: Int, _ reason: String) -> BankError {
    BankError(path: path, reason: "at byte \(offset): \(reason)")
  }

  /// The four-character code at `offset` (inside the bytes).
  func tag(at offset: Int) -> String {
    guard offset >= 0, offset + 4 <= bytes.count else { return "" }
    return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
  }

  /// An unsigned little-endian integer of `count` bytes (at most 4) at `offset`.
  func integer(at offset: Int, bytes count: Int) -> Int {
    (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  }

  /// A zero-terminated name, printable ASCII kept, trailing spaces dropped.
  func text(in range: Range<Int>) -> String {
    let kept = bytes[range].prefix { $0 != 0 }.map { (32...126).contains($0) ? $0 : UInt8(63) }
    var name = String(decoding: kept, as: UTF8.self)
    while name.hasSuffix(" ") { name.removeLast() }
    return name
  }

  /// Where the chunk whose header is at `offset` ends (its data, without a pad byte), refusing
  /// one that runs past `limit`.
  func chunkEnd(at offset: Int, within limit: Int) throws(BankError) -> Int {
    guard offset + 8 <= limit else {
      throw error(at: offset, "a chunk header is cut short by the end of its list or file")
    }
    let size = integer(at: offset + 4, bytes: 4)
    guard size <= limit - offset - 8 else {
      throw error(
        at: offset,
        "chunk '\(tag(at: offset).printable)' says it holds \(size) bytes; only "
          + "\(limit - offset - 8) follow in its \(limit == bytes.count ? "file" : "list")")
    }
    return offset + 8 + size
  }

  /// The chunks laid end to end in `range`, each word-aligned.
  func chunks(in range: Range<Int>) throws(BankError) -> [(
    id: String, data: Range<Int>, offset: Int
  )] {
    var found: [(id: String, data: Range<Int>, offset: Int)] = []
    var offset = range.lowerBound
    while offset < range.upperBound {
      let end = try chunkEnd(at: offset, within: range.upperBound)
      found.append((tag(at: offset), offset + 8..<end, offset))
      offset = end + (end - offset) % 2
    }
    return found
  }

  func bag(at offset: Int) -> SF2File.Bag {
    SF2File.Bag(
      firstGenerator: integer(at: offset, bytes: 2),
      firstModulator: integer(at: offset + 2, bytes: 2),
      offset: offset)
  }

  func generator(at offset: Int) -> SF2File.Generator {
    SF2File.Generator(
      kind: integer(at: offset, bytes: 2), amount: UInt16(integer(at: offset + 2, bytes: 2)),
      offset: offset)
  }

  func sampleHeader(at offset: Int) -> SF2File.SampleHeader {
    SF2File.SampleHeader(
      name: text(in: offset..<offset + 20), start: integer(at: offset + 20, bytes: 4),
      end: integer(at: offset + 24, bytes: 4), loopStart: integer(at: offset + 28, bytes: 4),
      loopEnd: integer(at: offset + 32, bytes: 4), sampleRate: integer(at: offset + 36, bytes: 4),
      originalPitch: Int(bytes[offset + 40]),
      pitchCorrection: Int(Int8(bitPattern: bytes[offset + 41])),
      type: integer(at: offset + 44, bytes: 2), offset: offset)
  }

  /// Refuses indices into `list` that go backwards or past `limit` (the list's last start).
  func checkOrder(_ starts: [(Int, Int)], within limit: Int, what: String, list: String)
    throws(BankError)
  {
    var previous = 0
    for (start, offset) in starts {
      guard start >= previous else {
        throw error(at: offset, "a \(what) (\(start)) comes before the one above it (\(previous))")
      }
      guard start <= limit else {
        throw error(at: offset, "a \(what) (\(start)) is past the end of '\(list)' (\(limit))")
      }
      previous = start
    }
  }
}

extension String {
  /// The text with anything but printable ASCII shown as `?`.
  fileprivate var printable: String {
    String(decoding: utf8.map { (32...126).contains($0) ? $0 : UInt8(63) }, as: UTF8.self)
  }
}
