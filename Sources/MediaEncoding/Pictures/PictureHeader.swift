/// A picture file's size as its header states it, read before anything is decoded, so that a
/// picture too large to decode is refused with its size named. `nil` when the header does not
/// say (the decoder's own limit still holds then).
func pictureSize(of bytes: [UInt8], kind: PictureFileReader.Kind) -> (width: Int, height: Int)? {
  switch kind {
  case .png: pngSize(bytes)
  case .jpeg: jpegSize(bytes)
  case .webP: webPSize(bytes)
  }
}

/// The big-endian number in `bytes[range]`.
private func bigEndian(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
  bytes[range].reduce(0) { $0 << 8 | Int($1) }
}

/// The little-endian number in `bytes[range]`.
private func littleEndian(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
  bytes[range].reversed().reduce(0) { $0 << 8 | Int($1) }
}

/// PNG: the `IHDR` chunk, first after the signature: width and height, 4 bytes each.
private func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
  guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
  return (bigEndian(bytes, 16..<20), bigEndian(bytes, 20..<24))
}

/// JPEG: the first start-of-frame segment (markers C0-CF but C4, C8 and CC) holds the height
/// and width after its precision byte; segments before it are skipped by their lengths.
private func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
  var index = 2
  while index + 9 <= bytes.count {
    guard bytes[index] == 0xFF else { return nil }
    let marker = bytes[index + 1]
    if marker == 0xFF {
      index += 1
      continue
    }
    if (0xD0...0xD9).contains(marker) || marker == 0x01 {
      index += 2
      continue
    }
    if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
      return (bigEndian(bytes, index + 7..<index + 9), bigEndian(bytes, index + 5..<index + 7))
    }
    index += 2 + bigEndian(bytes, index + 2..<index + 4)
  }
  return nil
}

/// WebP: the first chunk after `WEBP` is `VP8X` (canvas size less one, 3 bytes each), `VP8L`
/// (14 bits each, less one, after the 0x2F signature) or `VP8 ` (14 bits each after the start
/// code 9D 01 2A).
private func webPSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
  guard bytes.count >= 30 else { return nil }
  let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
  let data = 20
  switch chunk {
  case "VP8X":
    return (
      littleEndian(bytes, data + 4..<data + 7) + 1, littleEndian(bytes, data + 7..<data + 10) + 1
    )
  case "VP8L":
    guard bytes[data] == 0x2F else { return nil }
    let bits = littleEndian(bytes, data + 1..<data + 5)
    return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
  case "VP8 ":
    guard bytes[(data + 3)..<(data + 6)].elementsEqual([0x9D, 0x01, 0x2A]) else { return nil }
    return (
      littleEndian(bytes, data + 6..<data + 8) & 0x3FFF,
      littleEndian(bytes, data + 8..<data + 10) & 0x3FFF
    )
  default:
    return nil
  }
}
