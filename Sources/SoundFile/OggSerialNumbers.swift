import Platform

/// libsndfile gives each Ogg stream a random serial number, so the same render made twice
/// differed in those four bytes (and each page's checksum). After the file is closed, each
/// stream's serial number is replaced by its place among the file's streams (1, 2, …) and
/// every page's CRC recomputed: the same samples give the same bytes, as in every other format.
enum OggSerialNumbers {
  /// Rewrites the serial numbers of the Ogg file at `path` in place, a page at a time.
  static func normalize(path: String) throws(SoundFileError) {
    let descriptor = open(path, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SoundFileError(path: path, operation: .write, reason: errorText(errno))
    }
    defer { close(descriptor) }
    var numbers: [UInt32: UInt32] = [:]
    var offset: Int64 = 0
    var header = [UInt8](repeating: 0, count: 27 + 255)
    var page = [UInt8](repeating: 0, count: 27 + 255 + 255 * 255)
    while true {
      guard readFully(descriptor, &header, count: 27, at: offset) else { return }
      guard header[0..<4].elementsEqual(Array("OggS".utf8)) else {
        throw SoundFileError(
          path: path, operation: .write, reason: "an Ogg page does not start at byte \(offset)")
      }
      let segments = Int(header[26])
      guard readFully(descriptor, &page, count: 27 + segments, at: offset) else { return }
      let bodyLength = page[27..<(27 + segments)].reduce(0) { $0 + Int($1) }
      let length = 27 + segments + bodyLength
      guard readFully(descriptor, &page, count: length, at: offset) else { return }
      let original = (14..<18).reduce(UInt32(0)) { $0 | UInt32(page[$1]) << (8 * UInt32($1 - 14)) }
      let number = numbers[original] ?? UInt32(numbers.count + 1)
      numbers[original] = number
      for index in 0..<4 { page[14 + index] = UInt8(truncatingIfNeeded: number >> (8 * index)) }
      for index in 22..<26 { page[index] = 0 }
      let checksum = crc(page, count: length)
      for index in 0..<4 { page[22 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
      let written = page.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 26, off_t(offset)) }
      guard written == 26 else {
        throw SoundFileError(path: path, operation: .write, reason: errorText(errno))
      }
      offset += Int64(length)
    }
  }

  /// Reads `count` bytes at `offset` into the start of `buffer`; false at the end of the file.
  private static func readFully(
    _ descriptor: Int32, _ buffer: inout [UInt8], count: Int, at offset: Int64
  ) -> Bool {
    var done = 0
    while done < count {
      let got = buffer.withUnsafeMutableBytes { bytes in
        guard let base = bytes.baseAddress else { return -1 }
        return pread(descriptor, base + done, count - done, off_t(offset) + off_t(done))
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return false }
      done += got
    }
    return true
  }

  /// Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, starting at 0.
  private static func crc(_ bytes: [UInt8], count: Int) -> UInt32 {
    var value: UInt32 = 0
    for byte in bytes[0..<count] {
      value = (value << 8) ^ table[Int((value >> 24) ^ UInt32(byte))]
    }
    return value
  }

  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index) << 24
    for _ in 0..<8 { value = value & 0x8000_0000 != 0 ? (value << 1) ^ 0x04C1_1DB7 : value << 1 }
    return value
  }
}
