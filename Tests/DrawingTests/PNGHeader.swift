import Foundation

/// The size a PNG file declares: its signature, then the IHDR chunk's width and height.
struct PNGHeader {
  var width: Int
  var height: Int

  /// `nil` unless `bytes` start with the PNG signature and an IHDR chunk.
  init?(bytes: Data) {
    let bytes = [UInt8](bytes.prefix(24))
    guard bytes.count == 24,
      Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
      Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    let bigEndian = { (offset: Int) in
      bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    width = bigEndian(16)
    height = bigEndian(20)
  }
}
