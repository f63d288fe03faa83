import AudioBasics
import CSndFile

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An audio file open for reading, decoded to 32-bit float frames (exact for 8- to 24-bit PCM).
///
/// One owner of the libsndfile handle, closed exactly once in `deinit`.
public final class SoundFileReader {
  public let path: String
  public let info: AudioInfo
  private let handle: OpaquePointer

  /// Opens `path`. The corresponding C function is `sf_open`.
  ///
  /// A folder fails with `it is a folder`: libsndfile would say `Format not recognised`.
  public init(path: String) throws(SoundFileError) {
    self.path = path
    var rawInfo = SF_INFO()
    switch openedHandle({ sf_open(path, FormatCode.readMode, &rawInfo) }) {
    case .failure(let failure):
      throw SoundFileError(
        path: path, operation: .read, reason: isFolder(path) ? "it is a folder" : failure.reason)
    case .success(let handle):
      self.handle = handle
    }
    info = AudioInfo(rawInfo)
  }

  deinit { sf_close(handle) }

  /// Reads up to `frameCount` frames into `buffer` (interleaved), returning how many were read;
  /// 0 at the end. The corresponding C function is `sf_readf_float`.
  public func read(into buffer: UnsafeMutableBufferPointer<Float>, frameCount: Int)
    throws(SoundFileError) -> Int
  {
    precondition(buffer.count >= frameCount * info.channels, "buffer too small")
    return try checked(sf_readf_float(handle, buffer.baseAddress, sf_count_t(frameCount)))
  }

  /// The frame count a read returned, or the error it signalled.
  private func checked(_ read: sf_count_t) throws(SoundFileError) -> Int {
    if read < 0 || (read == 0 && sf_error(handle) != 0) {
      throw SoundFileError(path: path, operation: .read, reason: libraryReason(handle))
    }
    return Int(read)
  }

  /// The file's title, artist and comment, where its container holds them.
  /// The corresponding C function is `sf_get_string`.
  public var tags: Tags {
    func string(_ code: Int32) -> String? {
      sf_get_string(handle, code).map { String(cString: $0) }
    }
    return Tags(
      title: string(FormatCode.titleString), artist: string(FormatCode.artistString),
      comment: string(FormatCode.commentString))
  }

  /// Reads up to `frameCount` frames as doubles (exact for every PCM width and for floats),
  /// returning how many were read; 0 at the end. The corresponding C function is
  /// `sf_readf_double`.
  public func read(into buffer: UnsafeMutableBufferPointer<Double>, frameCount: Int)
    throws(SoundFileError) -> Int
  {
    precondition(buffer.count >= frameCount * info.channels, "buffer too small")
    return try checked(sf_readf_double(handle, buffer.baseAddress, sf_count_t(frameCount)))
  }

  /// libsndfile's notes on the header it parsed, such as `data : 723192 (should be 56)`.
  /// The corresponding C command is `SFC_GET_LOG_INFO`.
  public var headerLog: String {
    var buffer = [CChar](repeating: 0, count: 16_384)
    _ = sf_command(handle, FormatCode.getLogInfo, &buffer, Int32(buffer.count))
    return String(cText: buffer)
  }

  /// Moves to `frame` for the next read. The corresponding C function is `sf_seek`.
  public func seek(toFrame frame: Int64) throws(SoundFileError) {
    guard sf_seek(handle, sf_count_t(frame), SEEK_SET) == frame else {
      throw SoundFileError(path: path, operation: .read, reason: "cannot seek to frame \(frame)")
    }
  }

  /// Reads the whole file as interleaved float frames, refusing files longer than `maxFrames`.
  ///
  /// Reads until the decoder stops rather than trusting the header's length, so a truncated
  /// file yields what it really holds, and a header claiming more than it has cannot inflate
  /// memory.
  public func readAll(maxFrames: Int64) throws(SoundFileError) -> [Float] {
    try readAll(maxFrames: maxFrames) { handle, buffer, frames in
      sf_readf_float(handle, buffer, frames)
    }
  }

  /// Reads the whole file as interleaved 16-bit values (exact for 16-bit files).
  /// The corresponding C function is `sf_readf_short`.
  public func readAllInt16(maxFrames: Int64) throws(SoundFileError) -> [Int16] {
    try readAll(maxFrames: maxFrames) { handle, buffer, frames in
      sf_readf_short(handle, buffer, frames)
    }
  }

  private func readAll<Value: Numeric>(
    maxFrames: Int64,
    _ read: (OpaquePointer, UnsafeMutablePointer<Value>?, sf_count_t) -> sf_count_t
  ) throws(SoundFileError) -> [Value] {
    var samples: [Value] = []
    samples.reserveCapacity(framesToReserve(maxFrames: maxFrames) * info.channels)
    _ = try readBlocks(maxFrames: maxFrames, read) { samples.append(contentsOf: $0) }
    return samples
  }

  /// Reads the whole file as interleaved 16-bit values handed to `body` a block at a time, so
  /// a caller can store them as it likes without a copy of the whole file; returns the frames
  /// read. Refuses files longer than `maxFrames` as `readAll` does.
  public func readInt16Blocks(
    maxFrames: Int64, _ body: (UnsafeBufferPointer<Int16>) -> Void
  ) throws(SoundFileError) -> Int64 {
    try readBlocks(maxFrames: maxFrames, { sf_readf_short($0, $1, $2) }, body)
  }

  /// `readInt16Blocks` for interleaved float values.
  public func readFloatBlocks(
    maxFrames: Int64, _ body: (UnsafeBufferPointer<Float>) -> Void
  ) throws(SoundFileError) -> Int64 {
    try readBlocks(maxFrames: maxFrames, { sf_readf_float($0, $1, $2) }, body)
  }

  /// The frames to reserve room for before reading: the header's length, which is only a hint.
  /// A forged one must not reserve gigabytes up front (the fuzzer found a 44-byte FLAC
  /// claiming 2^36 frames), so at most a minute at 48 kHz; past it, the reader's storage grows.
  public func framesToReserve(maxFrames: Int64) -> Int {
    Int(max(0, min(info.frameCount, maxFrames, Self.reservedFramesAtMost)))
  }

  /// The most frames reserved from the header's word: a minute at 48 kHz.
  private static let reservedFramesAtMost: Int64 = 2_880_000

  /// Reads the rest of the file as doubles (exact for every PCM width and for floats).
  public func readAllDoubles() throws(SoundFileError) -> [Double] {
    var values: [Double] = []
    _ = try readBlocks(maxFrames: .max) { handle, buffer, frames in
      sf_readf_double(handle, buffer, frames)
    } _: {
      values.append(contentsOf: $0)
    }
    return values
  }

  /// Counts the frames by decoding them all, for a file whose header gives no usable length;
  /// refuses it once it passes `maxFrames`.
  public func countFramesByDecoding(maxFrames: Int64) throws(SoundFileError) -> Int64 {
    try readBlocks(maxFrames: maxFrames) { handle, buffer, frames in
      sf_readf_float(handle, buffer, frames)
    } _: { _ in
    }
  }

  /// Reads to the end in blocks, handing each block's values to `body`; returns the frame
  /// count. A header longer than `maxFrames` is refused before decoding, a file of unknown
  /// length as soon as it passes it.
  private func readBlocks<Value: Numeric>(
    maxFrames: Int64,
    _ read: (OpaquePointer, UnsafeMutablePointer<Value>?, sf_count_t) -> sf_count_t,
    _ body: (UnsafeBufferPointer<Value>) -> Void
  ) throws(SoundFileError) -> Int64 {
    if !info.lengthIsUnknown && info.frameCount > maxFrames {
      throw SoundFileError(
        path: path, operation: .read,
        reason: "it is \(info.frameCount) frames long, more than the limit of \(maxFrames)")
    }
    let channels = info.channels
    let blockFrames = 16_384
    var chunk = [Value](repeating: 0, count: blockFrames * channels)
    var total: Int64 = 0
    while true {
      let count = try checked(
        chunk.withUnsafeMutableBufferPointer {
          read(handle, $0.baseAddress, sf_count_t(blockFrames))
        })
      if count == 0 { return total }
      total += Int64(count)
      if total > maxFrames {
        throw SoundFileError(
          path: path, operation: .read,
          reason: "it is more than \(maxFrames) frames long, the limit")
      }
      chunk.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[..<(Int(count) * channels)]))
      }
    }
  }

}

/// True when `path` names a folder (following symbolic links). The corresponding C function is
/// `stat`.
private func isFolder(_ path: String) -> Bool {
  var status = stat()
  return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
}
