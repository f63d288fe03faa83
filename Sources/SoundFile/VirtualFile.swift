import AudioBasics
import CSndFile

/// Where a writer's bytes go when they are not written to a file by path: each write comes
/// with its offset in the file being made, as libsndfile places it (headers are written first
/// and written again on closing). Returns false when the bytes cannot be taken.
package protocol ByteDestination: AnyObject {
  func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Bool
}

/// A file that exists only as a position and a length, for libsndfile's virtual I/O: writes go
/// to a `ByteDestination`, reads find nothing (libsndfile does not read what it writes).
/// An Ogg stream's serial numbers are fixed on the way through, a page at a time, and a RIFF
/// header's PEAK timestamp is written as zero.
final class VirtualFile {
  let destination: any ByteDestination
  private(set) var position: Int64 = 0
  private(set) var length: Int64 = 0
  private var oggPages: OggSerialNumbers?
  /// The header as written so far, to find the PEAK chunk's timestamp in; nil for other formats.
  private var riffHeader: [UInt8]?
  /// Set when a write was refused, or an Ogg page could not be read.
  private(set) var failed = false

  init(_ destination: any ByteDestination, format: OutputFormat) {
    self.destination = destination
    oggPages = format.container == .ogg || format.container == .opus ? OggSerialNumbers() : nil
    riffHeader = format.container == .wav || format.container == .rf64 ? [] : nil
  }

  /// Whether every byte written reached the destination (a last partial Ogg page did not).
  var isComplete: Bool { !failed && (oggPages?.isAtPageBoundary ?? true) }

  func write(_ bytes: UnsafeRawBufferPointer) -> Int64 {
    guard !failed else { return 0 }
    if oggPages != nil {
      // Pages pass through in order; libsndfile writes an Ogg stream front to back.
      guard position == length else {
        failed = true
        return 0
      }
      let destination = destination
      failed =
        !(oggPages?.take(bytes) { page, offset in
          page.withUnsafeBytes { destination.write($0, at: offset) }
        } ?? false)
    } else if let timestamp = peakTimestamp(after: bytes),
      timestamp.overlaps(position..<(position + Int64(bytes.count)))
    {
      var copy = Array(bytes)
      for index in max(
        timestamp.lowerBound, position)..<min(timestamp.upperBound, position + Int64(copy.count))
      {
        copy[Int(index - position)] = 0
      }
      failed = !copy.withUnsafeBytes { destination.write($0, at: position) }
    } else {
      failed = !destination.write(bytes, at: position)
    }
    guard !failed else { return 0 }
    position += Int64(bytes.count)
    length = max(length, position)
    return Int64(bytes.count)
  }

  /// Adds `bytes`, about to be written at `position`, to the header kept, and returns where the
  /// PEAK chunk's timestamp lies once the header shows it.
  private func peakTimestamp(after bytes: UnsafeRawBufferPointer) -> Range<Int64>? {
    guard var header = riffHeader, position < PeakTimestamp.headerLimit else { return nil }
    riffHeader = nil  // held alone while it changes, so it is not copied
    let end = min(Int(position) + bytes.count, PeakTimestamp.headerLimit)
    if header.count < end { header.appendZeros(end - header.count) }
    for index in Int(position)..<end { header[index] = bytes[index - Int(position)] }
    riffHeader = header
    return header.withUnsafeBytes { PeakTimestamp.range(in: $0) }.map {
      Int64($0.lowerBound)..<Int64($0.upperBound)
    }
  }

  func seek(_ offset: Int64, whence: Int32) -> Int64 {
    let base: Int64
    switch whence {
    case SEEK_CUR: base = position
    case SEEK_END: base = length
    default: base = 0
    }
    let target = base + offset
    guard target >= 0 else { return -1 }
    position = target
    return position
  }

  /// libsndfile's table of callbacks; its user data is an unretained pointer to the file,
  /// which the writer keeps alive.
  static var callbacks: SF_VIRTUAL_IO {
    SF_VIRTUAL_IO(
      get_filelen: { user in file(user).length },
      seek: { offset, whence, user in file(user).seek(offset, whence: whence) },
      read: { _, _, _ in 0 },
      write: { pointer, count, user in
        file(user).write(UnsafeRawBufferPointer(start: pointer, count: Int(count)))
      },
      tell: { user in file(user).position })
  }
}

/// The virtual file behind libsndfile's user data.
private func file(_ user: UnsafeMutableRawPointer?) -> VirtualFile {
  guard let user else { preconditionFailure("libsndfile passes back the user data it was given") }
  return Unmanaged<VirtualFile>.fromOpaque(user).takeUnretainedValue()
}
