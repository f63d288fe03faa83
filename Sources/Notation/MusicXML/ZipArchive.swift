import AudioBasics
internal import CZip

/// A zip archive in memory, read with libzip (the only owner of a `zip_t`): entries by name,
/// each read up to a byte limit, whatever sizes the archive declares (a zip bomb's lie).
/// The corresponding C function is `zip_open_from_source`.
final class ZipArchive {
  /// At most this many entries are considered: an `.mxl` holds 2 to 8.
  static let maxEntries = 1_000

  private let archive: OpaquePointer
  /// The archive's bytes, kept while libzip reads them (it does not copy them).
  private let buffer: UnsafeMutableRawBufferPointer
  private let path: String

  /// Opens `bytes` as a zip archive; `path` names it in errors.
  init(_ bytes: [UInt8], path: String) throws(NotationError) {
    if let failure = ZipLibrary.failure { throw NotationError(path: path, message: failure) }
    self.path = path
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(1, bytes.count), alignment: 1)
    bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
    self.buffer = buffer
    var error = zip_error_t()
    zip_error_init(&error)
    defer { zip_error_fini(&error) }
    guard let source = zip_source_buffer_create(buffer.baseAddress, UInt64(bytes.count), 0, &error)
    else {
      buffer.deallocate()
      throw NotationError(path: path, message: "libzip could not read it: \(Self.text(&error))")
    }
    // Not `ZIP_CHECKCONS`: it refuses what macOS's Archive Utility writes (a data descriptor
    // after a local header that still holds the size) and what unzip and music21 read. The
    // directory is followed, each entry's CRC-32 is checked as it is read to its end, and the
    // bytes inflated are counted against the limit, so a lying header gains nothing.
    guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
      zip_source_free(source)
      buffer.deallocate()
      throw NotationError(
        path: path, message: "not a compressed MusicXML file (a zip archive): \(Self.text(&error))")
    }
    self.archive = archive
    let count = zip_get_num_entries(archive, 0)
    guard count <= Self.maxEntries else {
      throw NotationError(
        path: path,
        message: "the archive holds \(count) entries; a compressed MusicXML file holds a few")
    }
  }

  deinit {
    // Read only: nothing is written back. The source, and then the buffer, go with it.
    zip_discard(archive)
    buffer.deallocate()
  }

  /// The bytes of the entry `name`, or `nil` when there is none; an entry that is encrypted,
  /// compressed other than by deflate, damaged, or longer than `limit` bytes is refused.
  func entry(_ name: String, limit: Int) throws(NotationError) -> [UInt8]? {
    let index = zip_name_locate(archive, name, 0)
    guard index >= 0 else { return nil }
    var stat = zip_stat_t()
    zip_stat_init(&stat)
    guard zip_stat_index(archive, UInt64(index), 0, &stat) == 0 else {
      throw refusal(name, "its directory entry cannot be read")
    }
    if stat.valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0,
      stat.encryption_method != UInt16(ZIP_EM_NONE)
    {
      throw refusal(name, "it is encrypted")
    }
    if stat.valid & UInt64(ZIP_STAT_COMP_METHOD) != 0,
      stat.comp_method != Int32(ZIP_CM_STORE), stat.comp_method != Int32(ZIP_CM_DEFLATE)
    {
      throw refusal(name, "it is compressed by method \(stat.comp_method), not deflate")
    }
    // The declared size is only a hint: the bytes read are counted below.
    if stat.valid & UInt64(ZIP_STAT_SIZE) != 0, stat.size > UInt64(limit) {
      throw refusal(name, "it is larger than \(limit >> 20) MiB uncompressed")
    }
    guard let file = zip_fopen_index(archive, UInt64(index), 0) else {
      throw refusal(name, "it cannot be opened: \(Self.text(zip_get_error(archive)))")
    }
    defer { zip_fclose(file) }
    var bytes = [UInt8](repeating: 0, count: min(limit + 1, 1 << 16))
    var count = 0
    while count <= limit {
      if count == bytes.count {
        bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - count))
      }
      let read = bytes.withUnsafeMutableBytes { raw -> Int64 in
        guard let base = raw.baseAddress else { return -1 }
        return zip_fread(file, base + count, UInt64(raw.count - count))
      }
      guard read >= 0 else {
        throw refusal(name, "it is damaged: \(Self.text(zip_file_get_error(file)))")
      }
      if read == 0 { break }
      count += Int(read)
    }
    guard count <= limit else {
      throw refusal(name, "it is larger than \(limit >> 20) MiB uncompressed")
    }
    return Array(bytes.prefix(count))
  }

  private func refusal(_ name: String, _ reason: String) -> NotationError {
    NotationError(
      path: path, message: "the archive's '\(shown(name, limit: 80))' is not read: \(reason)")
  }

  /// libzip's text for an error, lowercased as this tool's messages are.
  private static func text(_ error: UnsafeMutablePointer<zip_error_t>) -> String {
    let message = String(cString: zip_error_strerror(error))
    guard let head = message.first, head.isUppercase,
      message.dropFirst().first?.isLowercase == true
    else { return message }
    return head.lowercased() + message.dropFirst()
  }
}

/// libzip, opened on first use.
enum ZipLibrary {
  /// Why libzip could not be opened, or nil once it is.
  static let failure: String? = sharedLibraryFailure("libzip", xylo_zip_open)
}
