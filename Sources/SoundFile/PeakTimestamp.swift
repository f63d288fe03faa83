import Platform

/// libsndfile writes a PEAK chunk into RF64 float files even when asked not to, stamped with the
/// time of writing, so equal renders differed in those four bytes. They are written as zero.
enum PeakTimestamp {
  /// How far into a file its PEAK chunk is looked for: a RIFF header is far smaller.
  static let headerLimit = 1 << 16

  /// Where the timestamp of the PEAK chunk lies in the start of a RIFF or RF64 file, if the
  /// bytes show one before the `data` chunk.
  static func range(in header: UnsafeRawBufferPointer) -> Range<Int>? {
    guard header.count >= 12 else { return nil }
    func text(_ at: Int) -> [UInt8] { Array(header[at..<(at + 4)]) }
    guard text(0) == Array("RIFF".utf8) || text(0) == Array("RF64".utf8) else { return nil }
    var offset = 12
    while offset + 8 <= header.count {
      let id = text(offset)
      if id == Array("data".utf8) { return nil }
      let size = (0..<4).reduce(0) { $0 | Int(header[offset + 4 + $1]) << (8 * $1) }
      if id == Array("PEAK".utf8) { return (offset + 12)..<(offset + 16) }
      offset += 8 + size + size % 2
    }
    return nil
  }

  /// Zeroes the PEAK chunk's timestamp in the closed file at `path`, if it has one.
  static func clear(path: String) throws(SoundFileError) {
    let descriptor = open(path, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SoundFileError(path: path, operation: .write, reason: errorText(errno))
    }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: headerLimit)
    let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0,
      let timestamp = header.withUnsafeBytes({
        range(in: UnsafeRawBufferPointer(rebasing: $0[..<count]))
      }),
      timestamp.upperBound <= count
    else { return }
    let zeros = [UInt8](repeating: 0, count: timestamp.count)
    let written = zeros.withUnsafeBytes {
      pwrite(descriptor, $0.baseAddress, $0.count, off_t(timestamp.lowerBound))
    }
    guard written == timestamp.count else {
      throw SoundFileError(path: path, operation: .write, reason: errorText(errno))
    }
  }
}
