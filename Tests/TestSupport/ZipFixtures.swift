/// Zip archives made in memory for the tests: stored entries with their true CRC-32, and a zip
/// bomb, a deflated entry of millions of spaces whose directory claims a few bytes.
public enum ZipFixtures {
  /// An entry: its name, its bytes as stored, how it was compressed (0 stored, 8 deflated),
  /// and what the directory says of it (the uncompressed size and CRC-32).
  public struct Entry {
    public var name: String
    public var stored: [UInt8]
    public var method: UInt16 = 0
    public var size: UInt32
    public var crc: UInt32

    /// A stored (uncompressed) entry, described truly.
    public init(name: String, bytes: [UInt8]) {
      self.name = name
      stored = bytes
      size = UInt32(bytes.count)
      crc = crc32(bytes)
    }

    public init(name: String, stored: [UInt8], method: UInt16, size: UInt32, crc: UInt32) {
      self.name = name
      self.stored = stored
      self.method = method
      self.size = size
      self.crc = crc
    }
  }

  /// A compressed MusicXML file: the container naming `score.musicxml`, and the score.
  public static func mxl(_ score: String, name: String = "score.musicxml") -> [UInt8] {
    archive([
      Entry(name: "META-INF/container.xml", bytes: Array(container(name).utf8)),
      Entry(name: name, bytes: Array(score.utf8)),
    ])
  }

  /// `META-INF/container.xml` naming `rootfile`.
  public static func container(_ rootfile: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <container><rootfiles><rootfile full-path="\(rootfile)" media-type="application/vnd.recordare.musicxml+xml"/></rootfiles></container>
    """
  }

  /// A zip bomb: the container and `score.musicxml`, a deflate stream of `spaces` spaces
  /// whose directory says it holds 1,000 bytes.
  public static func bomb(spaces: Int) -> [UInt8] {
    archive([
      Entry(name: "META-INF/container.xml", bytes: Array(container("score.musicxml").utf8)),
      Entry(
        name: "score.musicxml", stored: deflatedSpaces(spaces), method: 8, size: 1_000, crc: 0),
    ])
  }

  /// The archive's bytes: local headers and data, the central directory, its end record.
  public static func archive(_ entries: [Entry]) -> [UInt8] {
    var bytes: [UInt8] = []
    var directory: [UInt8] = []
    for entry in entries {
      let offset = UInt32(bytes.count)
      let name = Array(entry.name.utf8)
      let fields: [UInt8] =
        le16(20) + le16(0) + le16(entry.method) + le16(0) + le16(0x21) + le32(entry.crc)
        + le32(UInt32(entry.stored.count)) + le32(entry.size) + le16(UInt16(name.count)) + le16(0)
      bytes += le32(0x0403_4B50) + fields + name + entry.stored
      directory +=
        le32(0x0201_4B50) + le16(20) + fields + le16(0) + le16(0) + le16(0) + le32(0)
        + le32(offset) + name
    }
    let start = UInt32(bytes.count)
    bytes += directory
    bytes +=
      le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count))
      + le16(UInt16(entries.count)) + le32(UInt32(directory.count)) + le32(start) + le16(0)
    return bytes
  }

  /// Raw deflate (one fixed-Huffman block) of `count` spaces: a literal space, then copies of
  /// 258 bytes at distance 1 (13 bits each), then the end of the block.
  public static func deflatedSpaces(_ count: Int) -> [UInt8] {
    var writer = BitWriter()
    writer.write(1, bits: 1)  // the last block
    writer.write(1, bits: 2)  // fixed Huffman codes
    writer.writeCode(0x30 + 0x20, bits: 8)  // literal 32, code 00110000 + 32
    var remaining = count - 1
    while remaining >= 258 {
      writer.writeCode(0xC5, bits: 8)  // length 258: symbol 285, code 11000101
      writer.writeCode(0, bits: 5)  // distance 1: code 0
      remaining -= 258
    }
    while remaining > 0 {
      writer.writeCode(0x30 + 0x20, bits: 8)
      remaining -= 1
    }
    writer.writeCode(0, bits: 7)  // end of block: symbol 256, code 0000000
    return writer.bytes
  }

  private struct BitWriter {
    var bytes: [UInt8] = []
    var filled = 8

    /// `value`'s low `bits`, least significant first (deflate's header fields).
    mutating func write(_ value: UInt32, bits: Int) {
      for bit in 0..<bits { put(UInt8((value >> UInt32(bit)) & 1)) }
    }

    /// A Huffman code, most significant bit first.
    mutating func writeCode(_ code: UInt32, bits: Int) {
      for bit in (0..<bits).reversed() { put(UInt8((code >> UInt32(bit)) & 1)) }
    }

    private mutating func put(_ bit: UInt8) {
      if filled == 8 {
        bytes.append(0)
        filled = 0
      }
      bytes[bytes.count - 1] |= bit << UInt8(filled)
      filled += 1
    }
  }
}

private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

private func le32(_ value: UInt32) -> [UInt8] {
  [0, 8, 16, 24].map { UInt8((value >> UInt32($0)) & 0xFF) }
}

/// CRC-32 (the zip polynomial), bit by bit: the fixtures are small.
private func crc32(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  }
  return ~crc
}
