/// A box's four-character type (`moov`, `©nam`), as the big-endian 32-bit number it is stored as.
struct MP4BoxType: Hashable, Sendable, CustomStringConvertible {
  var code: UInt32

  /// The type spelled by four ASCII characters.
  init(_ name: StaticString) {
    precondition(name.utf8CodeUnitCount == 4, "a box type has four characters")
    var code: UInt32 = 0
    for index in 0..<4 { code = code << 8 | UInt32(name.utf8Start[index]) }
    self.code = code
  }

  init(code: UInt32) { self.code = code }

  /// The four characters, each byte read as Latin-1 (`©` is 0xA9).
  var description: String {
    String(
      (0..<4).reversed().map {
        Character(Unicode.Scalar(UInt8(truncatingIfNeeded: code >> ($0 * 8))))
      }
    )
  }

  static let moov = MP4BoxType("moov")
  static let trak = MP4BoxType("trak")
  static let mdia = MP4BoxType("mdia")
  static let minf = MP4BoxType("minf")
  static let stbl = MP4BoxType("stbl")
  static let stco = MP4BoxType("stco")
  static let co64 = MP4BoxType("co64")
  static let udta = MP4BoxType("udta")
  static let meta = MP4BoxType("meta")
  static let hdlr = MP4BoxType("hdlr")
  static let ilst = MP4BoxType("ilst")
  static let freeform = MP4BoxType("----")
  static let mean = MP4BoxType("mean")
  static let name = MP4BoxType("name")
  static let data = MP4BoxType("data")
}

/// Why an MP4 file's boxes cannot be read or edited: the box path (`moov/udta/meta`) and what
/// is wrong there.
struct MP4BoxError: Error, Equatable, Sendable, CustomStringConvertible {
  var boxPath: String
  var reason: String

  /// `moov/udta: a box of 4000 bytes runs past its parent's end`.
  var description: String { boxPath.isEmpty ? reason : "\(boxPath): \(reason)" }
}

/// Where a box's header says it is and how long it is, in bytes from the start of what was
/// parsed.
struct MP4BoxHeader: Equatable, Sendable {
  var type: MP4BoxType
  var offset: Int64
  /// 8, or 16 for a 64-bit size.
  var headerSize: Int
  /// The whole box, header included.
  var size: Int64

  var end: Int64 { offset + size }

  /// Reads the header at `offset` from `bytes` (8 or 16 bytes from there, fewer at the end of
  /// the enclosing range): a 32-bit size and the type, then a 64-bit size when the 32-bit one
  /// is 1; a size of 0 runs to `limit`, the end of the enclosing range.
  init(_ bytes: some Collection<UInt8>, at offset: Int64, limit: Int64, path: String)
    throws(MP4BoxError)
  {
    let head = Array(bytes.prefix(16))
    guard head.count >= 8, limit - offset >= 8 else {
      throw MP4BoxError(boxPath: path, reason: "\(limit - offset) bytes left, too few for a box")
    }
    type = MP4BoxType(code: UInt32(bigEndianBytes: head[4..<8]))
    self.offset = offset
    let shortSize = UInt32(bigEndianBytes: head[0..<4])
    let boxPath = path.isEmpty ? type.description : "\(path)/\(type)"
    switch shortSize {
    case 0:
      headerSize = 8
      size = limit - offset
    case 1:
      guard head.count == 16, limit - offset >= 16 else {
        throw MP4BoxError(boxPath: boxPath, reason: "its 64-bit size is cut off")
      }
      headerSize = 16
      let longSize = UInt64(bigEndianBytes: head[8..<16])
      guard longSize <= UInt64(Int64.max) else {
        throw MP4BoxError(boxPath: boxPath, reason: "a size of \(longSize) bytes")
      }
      size = Int64(longSize)
    default:
      headerSize = 8
      size = Int64(shortSize)
    }
    guard size >= Int64(headerSize) else {
      throw MP4BoxError(boxPath: boxPath, reason: "a size of \(size) bytes, less than its header")
    }
    guard size <= limit - offset else {
      throw MP4BoxError(
        boxPath: boxPath,
        reason: "a box of \(size) bytes runs past \(path.isEmpty ? "the file's" : "its parent's") "
          + "end, \(limit - offset) bytes on")
    }
  }
}

/// One box of an MP4 file's index, held in memory to be edited: the containers on the way to
/// what is changed are parsed into children, every other box is kept as its bytes.
struct MP4Box: Equatable, Sendable {
  enum Content: Equatable, Sendable {
    /// The whole box as it was read, header included: written back unchanged.
    case raw([UInt8])
    /// A container: the bytes before its children (a full box's version and flags), then the
    /// children. Its header is made anew when it is written.
    case container(prefix: [UInt8], children: [MP4Box])
  }

  var type: MP4BoxType
  var content: Content

  /// The boxes parsed into children: the path to every chunk offset table and to the iTunes
  /// metadata items. A `meta` box is a full box (4 bytes of version and flags first) in MP4.
  static let containerPrefixSizes: [MP4BoxType: Int] = [
    .moov: 0, .trak: 0, .mdia: 0, .minf: 0, .stbl: 0, .udta: 0, .meta: 4, .ilst: 0,
    .freeform: 0,
  ]

  init(type: MP4BoxType, content: Content) {
    self.type = type
    self.content = content
  }

  /// A leaf box of `type` holding `payload`.
  init(_ type: MP4BoxType, payload: [UInt8]) {
    self.type = type
    content = .raw(Self.header(type, payloadSize: payload.count) + payload)
  }

  /// A container of `type`.
  init(_ type: MP4BoxType, prefix: [UInt8] = [], children: [MP4Box]) {
    self.type = type
    content = .container(prefix: prefix, children: children)
  }

  /// Parses the box that is the whole of `bytes` (its header says how long it is).
  init(parsing bytes: [UInt8], path: String = "") throws(MP4BoxError) {
    let header = try MP4BoxHeader(bytes, at: 0, limit: Int64(bytes.count), path: path)
    guard header.size == bytes.count else {
      throw MP4BoxError(
        boxPath: path.isEmpty ? header.type.description : "\(path)/\(header.type)",
        reason: "its header says \(header.size) bytes, \(bytes.count) were read")
    }
    self = try Self.parse(bytes, header: header, path: path)
  }

  /// The boxes one after another in `bytes[range]`, parsed.
  static func parseSequence(
    _ bytes: [UInt8], _ range: Range<Int>, path: String
  ) throws(MP4BoxError) -> [MP4Box] {
    var boxes: [MP4Box] = []
    var offset = range.lowerBound
    while offset < range.upperBound {
      let header = try MP4BoxHeader(
        bytes[offset..<range.upperBound], at: Int64(offset), limit: Int64(range.upperBound),
        path: path)
      boxes.append(try parse(bytes, header: header, path: path))
      offset = Int(header.end)
    }
    return boxes
  }

  private static func parse(
    _ bytes: [UInt8], header: MP4BoxHeader, path: String
  ) throws(MP4BoxError) -> MP4Box {
    let start = Int(header.offset)
    let end = Int(header.end)
    let boxPath = path.isEmpty ? header.type.description : "\(path)/\(header.type)"
    guard var prefixSize = containerPrefixSizes[header.type] else {
      var raw = Array(bytes[start..<end])
      // A size of 0 ("to the end") would be wrong once a box follows: write it out.
      if header.headerSize == 8 {
        raw.replaceSubrange(0..<4, with: UInt32(raw.count).bigEndianBytes)
      }
      return MP4Box(type: header.type, content: .raw(raw))
    }
    let body = start + header.headerSize
    // QuickTime's own `meta` has no version and flags: its first child follows the header.
    if header.type == .meta, end - body >= 8,
      MP4BoxType(code: UInt32(bigEndianBytes: bytes[(body + 4)..<(body + 8)])) == .hdlr
    {
      prefixSize = 0
    }
    guard end - body >= prefixSize else {
      throw MP4BoxError(boxPath: boxPath, reason: "too short for its version and flags")
    }
    let children = try parseSequence(bytes, (body + prefixSize)..<end, path: boxPath)
    return MP4Box(
      type: header.type,
      content: .container(prefix: Array(bytes[body..<(body + prefixSize)]), children: children))
  }

  /// The box's bytes, header included; a container's size is counted anew from its children.
  func serialized() throws(MP4BoxError) -> [UInt8] {
    switch content {
    case .raw(let bytes):
      return bytes
    case .container(let prefix, let children):
      var payload = prefix
      for child in children { payload += try child.serialized() }
      guard payload.count <= Int(UInt32.max) - 8 else {
        throw MP4BoxError(boxPath: type.description, reason: "it would pass 4 GiB")
      }
      return Self.header(type, payloadSize: payload.count) + payload
    }
  }

  /// A leaf box's bytes after its header; `nil` for a container.
  var payload: ArraySlice<UInt8>? {
    guard case .raw(let bytes) = content, bytes.count >= 8 else { return nil }
    let shortSize = UInt32(bigEndianBytes: bytes[0..<4])
    return bytes[(shortSize == 1 ? 16 : 8)...]
  }

  /// A container's children; none for a leaf.
  var children: [MP4Box] {
    guard case .container(_, let children) = content else { return [] }
    return children
  }

  /// An 8-byte header: the 32-bit size (header included) and the type.
  static func header(_ type: MP4BoxType, payloadSize: Int) -> [UInt8] {
    UInt32(payloadSize + 8).bigEndianBytes + type.code.bigEndianBytes
  }
}

extension FixedWidthInteger {
  /// The value read from big-endian bytes, as many as the type is wide.
  init(bigEndianBytes bytes: some Collection<UInt8>) {
    var value: Self = 0
    for byte in bytes.prefix(Self.bitWidth / 8) { value = value << 8 | Self(byte) }
    self = value
  }

  /// The value's bytes, most significant first.
  var bigEndianBytes: [UInt8] {
    (0..<(Self.bitWidth / 8)).reversed().map { UInt8(truncatingIfNeeded: self >> ($0 * 8)) }
  }
}
