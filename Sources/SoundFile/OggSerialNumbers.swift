import Platform

/// libsndfile gives each Ogg stream a random serial number, so the same render made twice
/// differed in those four bytes (and each page's checksum). Each stream's serial number is
/// replaced by its place among the file's streams (1, 2, …) and every page's CRC recomputed:
/// the same samples give the same bytes, as in every other format.
///
/// The bytes pass through a page at a time, so a file being streamed (standard output, a
/// FIFO) is fixed on its way out, and a file on disk in place.
package struct OggSerialNumbers {
  private var numbers: [UInt32: UInt32] = [:]
  /// Bytes of a page not yet complete.
  private var pending: [UInt8] = []
  /// Where in the stream `pending` starts.
  private(set) var pendingOffset: Int64 = 0

  package init() {}

  /// Takes the next bytes of the stream and hands each page completed by them to `emit`,
  /// fixed, with its offset in the stream; returns false (emitting nothing more) where the
  /// bytes are not Ogg pages.
  package mutating func take(
    _ bytes: UnsafeRawBufferPointer, emit: (_ page: [UInt8], _ offset: Int64) -> Bool
  ) -> Bool {
    pending.append(contentsOf: bytes)
    var start = 0
    defer {
      pending.removeFirst(start)
      pendingOffset += Int64(start)
    }
    while pending.count - start >= 27 {
      guard pending[start..<(start + 4)].elementsEqual([0x4F, 0x67, 0x67, 0x53]) else {
        return false
      }
      let segments = Int(pending[start + 26])
      guard pending.count - start >= 27 + segments else { break }
      let bodyLength = pending[(start + 27)..<(start + 27 + segments)].reduce(0) { $0 + Int($1) }
      let length = 27 + segments + bodyLength
      guard pending.count - start >= length else { break }
      var page = Array(pending[start..<(start + length)])
      fix(&page)
      guard emit(page, pendingOffset + Int64(start)) else { return false }
      start += length
    }
    return true
  }

  /// Whether every byte taken so far belonged to a complete page.
  package var isAtPageBoundary: Bool { pending.isEmpty }

  private mutating func fix(_ page: inout [UInt8]) {
    var original: UInt32 = 0
    for index in 0..<4 { original |= UInt32(page[14 + index]) << (8 * index) }
    let number = numbers[original] ?? UInt32(numbers.count + 1)
    numbers[original] = number
    for index in 0..<4 { page[14 + index] = UInt8(truncatingIfNeeded: number >> (8 * index)) }
    for index in 22..<26 { page[index] = 0 }
    let checksum = Self.crc(page)
    for index in 0..<4 { page[22 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
  }

  /// Rewrites the serial numbers of the Ogg file at `path` in place, a megabyte at a time.
  static func normalize(path: String) throws(SoundFileError) {
    func failure(_ reason: String) -> SoundFileError {
      SoundFileError(path: path, operation: .write, reason: reason)
    }
    let descriptor = open(path, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(errorText(errno)) }
    defer { close(descriptor) }
    var pages = OggSerialNumbers()
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { chunk.deallocate() }
    var offset: Int64 = 0
    while true {
      let count = pread(descriptor, chunk.baseAddress, chunk.count, off_t(offset))
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw failure(errorText(errno)) }
      if count == 0 { break }
      var writeError: Int32?
      let pagesOK = pages.take(UnsafeRawBufferPointer(rebasing: chunk[..<count])) { page, at in
        // Only the 26 bytes before the body change.
        let written = page.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 26, off_t(at)) }
        if written != 26 { writeError = errno }
        return written == 26
      }
      if let writeError { throw failure(errorText(writeError)) }
      guard pagesOK else {
        throw failure("an Ogg page does not start at byte \(pages.pendingOffset)")
      }
      offset += Int64(count)
    }
  }

  /// Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, starting at 0.
  private static func crc(_ bytes: [UInt8]) -> UInt32 {
    var value: UInt32 = 0
    for byte in bytes {
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
