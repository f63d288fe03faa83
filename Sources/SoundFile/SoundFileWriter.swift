import CSndFile
import CSystem
import Platform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An audio file open for writing. Samples arrive as integers already converted by the caller
/// (or floats, for float and lossy encodings), so every container stores the same values.
///
/// Close explicitly: closing writes the header and can fail. `deinit` only closes a writer
/// that was abandoned, and the file it leaves is not to be trusted.
public final class SoundFileWriter {
  public let path: String
  public let format: OutputFormat
  public let channels: Int
  public let sampleRate: Int
  private var handle: OpaquePointer?
  /// Disk reserved ahead of the writes, a step at a time (`ReservedSpace`).
  private var reserved: ReservedSpace?
  /// The file libsndfile writes through, for a writer made with a `ByteDestination`.
  private var virtualFile: VirtualFile?
  /// Where the first frame's bytes go in an uncompressed file written to a path, the header
  /// before them already written with its tags; `nil` for other writers. A caller whose writes
  /// start at multiples of their length from the file's start saves the page cache work.
  package private(set) var dataOffset: Int64?

  /// Creates `path` (replacing it) for writing. The corresponding C function is `sf_open_fd`.
  /// `expectedFrameCount`, when known, lets an uncompressed file's space be reserved first.
  public init(
    path: String, format: OutputFormat, sampleRate: Int, channels: Int, tags: Tags = Tags(),
    expectedFrameCount: Int64? = nil
  ) throws(SoundFileError) {
    self.path = path
    self.format = format
    self.channels = channels
    self.sampleRate = sampleRate
    var info = try Self.checkedInfo(path, format, sampleRate: sampleRate, channels: channels)
    let descriptor = try Self.openEmptied(path)
    if let frames = expectedFrameCount, format.storesValuesUncompressed {
      // The samples alone: with the header the file is larger, so nothing is left reserved
      // past its end. A file system that cannot reserve just writes as before.
      var space = ReservedSpace(
        descriptor: descriptor,
        totalBytes: frames.multipliedReportingOverflow(
          by: Int64(format.bytesPerFrame(channels: channels))
        )
        .partialValue)
      space.reserve(ahead: 0)
      reserved = space
    }
    // libsndfile closes the descriptor, also when it fails.
    switch openedHandle({ sf_open_fd(descriptor, FormatCode.writeMode, &info, 1) }) {
    case .failure(let failure):
      throw SoundFileError(path: path, operation: .write, reason: failure.reason)
    case .success(let handle):
      self.handle = handle
    }
    configure(tags)
    if format.storesValuesUncompressed, let handle,
      sf_command(handle, FormatCode.updateHeaderNow, nil, 0) == 0
    {
      // libsndfile leaves the file's position where the frames start.
      let position = lseek(descriptor, 0, SEEK_CUR)
      dataOffset = position > 0 ? Int64(position) : nil
    }
  }

  /// Writes the file's bytes to `destination` instead of a path, each with its offset (for a
  /// stream that cannot seek back, see `StreamedFile`); `name` is the file in messages. The
  /// corresponding C function is `sf_open_virtual`.
  package init(
    writingTo destination: any ByteDestination, name: String, format: OutputFormat,
    sampleRate: Int, channels: Int, tags: Tags = Tags()
  ) throws(SoundFileError) {
    self.path = name
    self.format = format
    self.channels = channels
    self.sampleRate = sampleRate
    var info = try Self.checkedInfo(name, format, sampleRate: sampleRate, channels: channels)
    let file = VirtualFile(destination, format: format)
    var callbacks = VirtualFile.callbacks
    let opened = openedHandle {
      sf_open_virtual(
        &callbacks, FormatCode.writeMode, &info, Unmanaged.passUnretained(file).toOpaque())
    }
    switch opened {
    case .failure(let failure):
      throw SoundFileError(path: name, operation: .write, reason: failure.reason)
    case .success(let handle):
      self.handle = handle
    }
    virtualFile = file
    configure(tags)
  }

  /// The format libsndfile is asked for, refused early when it cannot write it.
  private static func checkedInfo(
    _ path: String, _ format: OutputFormat, sampleRate: Int, channels: Int
  ) throws(SoundFileError) -> SF_INFO {
    var info = SF_INFO()
    info.samplerate = Int32(clamping: sampleRate)
    info.channels = Int32(clamping: channels)
    info.format = format.code
    guard sf_format_check(&info) != 0 else {
      throw SoundFileError(
        path: path, operation: .write,
        reason:
          "libsndfile cannot write \(format.container.rawValue) \(format.encoding?.rawValue ?? "") at \(sampleRate) Hz with \(channels) channels"
          .replacingDoubleSpaces())
    }
    return info
  }

  /// Leaves out the PEAK chunk and sets the tags, right after opening.
  private func configure(_ tags: Tags) {
    guard let handle else { return }
    // A float WAV's PEAK chunk carries a timestamp, which would make equal renders differ.
    _ = sf_command(handle, FormatCode.setAddPeakChunk, nil, 0)
    for (code, text) in [
      (FormatCode.titleString, tags.title), (FormatCode.artistString, tags.artist),
      (FormatCode.commentString, tags.comment),
    ] {
      if let text { _ = sf_set_string(handle, code, text) }
    }
  }

  deinit {
    if let handle { sf_close(handle) }
  }

  /// Opens `path` for writing, created if missing and emptied if not; `sf_open` would truncate
  /// even an empty file, which makes ext4 write the whole file out on close (its
  /// `auto_da_alloc` rule for replaced files): 0.25 s of waiting for an hour of audio written
  /// into a temporary file just made. The corresponding C functions are `open` and `ftruncate`.
  private static func openEmptied(_ path: String) throws(SoundFileError) -> Int32 {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw SoundFileError(path: path, operation: .write, reason: errorText(errno))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size == 0 || ftruncate(descriptor, 0) == 0
    else {
      let reason = errorText(errno)
      #if canImport(Glibc)
        Glibc.close(descriptor)
      #else
        Darwin.close(descriptor)
      #endif
      throw SoundFileError(path: path, operation: .write, reason: reason)
    }
    return descriptor
  }

  /// Writes interleaved 16-bit frames. The corresponding C function is `sf_writef_short`.
  public func write(_ samples: UnsafeBufferPointer<Int16>) throws(SoundFileError) {
    try check(samples.count) { handle, frames in
      sf_writef_short(handle, samples.baseAddress, frames)
    }
  }

  /// Writes interleaved 32-bit integer frames; 24-bit files keep the top 24 bits.
  /// The corresponding C function is `sf_writef_int`.
  public func write(_ samples: UnsafeBufferPointer<Int32>) throws(SoundFileError) {
    try check(samples.count) { handle, frames in sf_writef_int(handle, samples.baseAddress, frames)
    }
  }

  /// Writes interleaved float frames. The corresponding C function is `sf_writef_float`.
  public func write(_ samples: UnsafeBufferPointer<Float>) throws(SoundFileError) {
    try check(samples.count) { handle, frames in
      sf_writef_float(handle, samples.baseAddress, frames)
    }
  }

  /// Finishes the file: writes its header and releases it. The corresponding C function is
  /// `sf_close`, whose failure (a full disk while flushing) is reported.
  public func close() throws(SoundFileError) {
    guard let handle else { return }
    self.handle = nil
    errno = 0
    let status = sf_close(handle)
    guard status == 0 else {
      throw SoundFileError(
        path: path, operation: .write,
        reason: systemReason() ?? libraryReason(errorNumber: status))
    }
    if let virtualFile {
      guard virtualFile.isComplete else {
        throw SoundFileError(
          path: path, operation: .write, reason: "the written bytes could not all be delivered")
      }
    } else if format.container == .ogg || format.container == .opus {
      try OggSerialNumbers.normalize(path: path)
    } else if format.container == .wav || format.container == .rf64 {
      try PeakTimestamp.clear(path: path)
    }
  }

  private func check(
    _ sampleCount: Int, _ body: (OpaquePointer, sf_count_t) -> sf_count_t
  ) throws(SoundFileError) {
    guard let handle else {
      throw SoundFileError(path: path, operation: .write, reason: "the file is already closed")
    }
    let frames = sampleCount / channels
    guard frames > 0 else { return }
    reserved?.reserve(ahead: Int64(sampleCount * format.bytesPerValue))
    errno = 0
    let written = body(handle, sf_count_t(frames))
    guard written == frames, sf_error(handle) == 0 else {
      throw SoundFileError(
        path: path, operation: .write, reason: systemReason() ?? libraryReason(handle))
    }
  }
}

/// Disk reserved for a file of known size a step ahead of its writes, never past its size nor
/// the process's file-size limit (`ulimit -f`, which a reservation does not count against):
/// a failed or killed render holds at most one step of disk it did not write.
private struct ReservedSpace {
  let descriptor: Int32
  /// Where reserving stops: the file's size, or the file-size limit.
  let totalBytes: Int64
  private var reservedUpTo: Int64 = 0
  private var written: Int64 = 0
  /// How far ahead of the writes disk is reserved.
  static let step: Int64 = 64 << 20

  init(descriptor: Int32, totalBytes: Int64) {
    self.descriptor = descriptor
    self.totalBytes = min(max(0, totalBytes), FileSystem.fileSizeLimit ?? .max)
  }

  /// Counts `bytes` about to be written, reserving the next step when the writes near the end
  /// of what is reserved. A file system that refuses stops the reserving, not the writing.
  mutating func reserve(ahead bytes: Int64) {
    written += bytes
    guard reservedUpTo < totalBytes, written + Self.step / 2 > reservedUpTo else { return }
    let length = min(Self.step, totalBytes - reservedUpTo)
    if xylo_reserve_file_space(descriptor, reservedUpTo, length) == 0 {
      reservedUpTo += length
    } else {
      reservedUpTo = totalBytes
    }
  }
}

/// The system's reason when a write failed for lack of room, which some of libsndfile's
/// encoders (Vorbis, Opus) report only as an "unspecified internal error".
private func systemReason() -> String? {
  let number = errno
  guard number == ENOSPC || number == EFBIG || number == EDQUOT || number == EIO else { return nil }
  return errorText(number)
}

extension String {
  fileprivate func replacingDoubleSpaces() -> String {
    split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }
}
