/// A read position in a MIDI file's bytes, bounded by the end of the current chunk.
///
/// Reads return `nil` at the bound instead of trapping, so every caller decides which error a
/// short read is; `offset` always counts from the start of the file.
struct ByteCursor {
  let bytes: [UInt8]
  /// The next byte to read.
  var offset: Int
  /// One past the last byte this cursor may read.
  let end: Int

  init(_ bytes: [UInt8], from offset: Int = 0, to end: Int? = nil) {
    self.bytes = bytes
    self.offset = offset
    self.end = min(end ?? bytes.count, bytes.count)
  }

  var remaining: Int { max(0, end - offset) }
  var isAtEnd: Bool { offset >= end }

  /// The next byte without moving on.
  func peek() -> UInt8? {
    offset < end ? bytes[offset] : nil
  }

  mutating func readByte() -> UInt8? {
    guard offset < end else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// A big-endian unsigned number of `count` bytes (at most 4).
  mutating func readBigEndian(_ count: Int) -> UInt32? {
    guard remaining >= count else { return nil }
    var value: UInt32 = 0
    for index in offset..<offset + count { value = value << 8 | UInt32(bytes[index]) }
    offset += count
    return value
  }

  /// Four ASCII bytes such as `MTrk`.
  mutating func readChunkType() -> [UInt8]? {
    guard remaining >= 4 else { return nil }
    defer { offset += 4 }
    return Array(bytes[offset..<offset + 4])
  }

  /// `count` bytes, or `nil` when fewer remain.
  mutating func readBytes(_ count: Int) -> ArraySlice<UInt8>? {
    guard count >= 0, remaining >= count else { return nil }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  /// Reads a variable-length quantity: 7 bits a byte, high bit set on all but the last byte.
  ///
  /// SMF allows at most 4 bytes (values up to 0x0FFFFFFF).
  mutating func readVariableLength() -> VariableLength {
    var value: Int64 = 0
    for _ in 0..<4 {
      guard let byte = readByte() else { return .truncated }
      value = value << 7 | Int64(byte & 0x7F)
      if byte & 0x80 == 0 { return .value(value) }
    }
    return .tooLong
  }
}

/// The outcome of reading a variable-length quantity.
enum VariableLength {
  case value(Int64)
  /// The chunk ended before the last byte.
  case truncated
  /// A fifth byte would follow: longer than SMF allows.
  case tooLong
}
