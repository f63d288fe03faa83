/// A file open for reading and writing at any offset, for editing a file in place (an MP4's
/// index). The one owner of its descriptor: `close` reports a failure, `deinit` is a safety net.
package final class RandomAccessFile {
  package let path: String
  private var descriptor: Int32

  /// Opens an existing file for reading and writing. The corresponding C function is `open`.
  package init(path: String) throws(SystemError) {
    self.path = path
    descriptor = open(path, O_RDWR | O_CLOEXEC)
    guard descriptor >= 0 else { throw .current(path: path) }
  }

  deinit {
    if descriptor >= 0 { Platform.close(descriptor) }
  }

  /// The file's size in bytes. The corresponding C function is `fstat`.
  package func size() throws(SystemError) -> Int64 {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .current(path: path) }
    return Int64(info.st_size)
  }

  /// Reads `count` bytes at `offset`; a file that ends first is an error, not a short read.
  /// The corresponding C function is `pread`.
  package func read(count: Int, at offset: Int64) throws(SystemError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    var failure: SystemError?
    bytes.withUnsafeMutableBytes { buffer in
      while done < count, let base = buffer.baseAddress {
        let result = pread(descriptor, base + done, count - done, off_t(offset) + off_t(done))
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else {
          failure =
            result < 0
            ? .current(path: path)
            : SystemError(path: path, reason: "it ends before byte \(offset + Int64(count))")
          return
        }
        done += result
      }
    }
    if let failure { throw failure }
    return bytes
  }

  /// Writes all of `bytes` at `offset`, retrying short writes. The corresponding C function is
  /// `pwrite`.
  package func write(_ bytes: [UInt8], at offset: Int64) throws(SystemError) {
    var done = 0
    var failure: SystemError?
    bytes.withUnsafeBytes { buffer in
      while done < bytes.count, let base = buffer.baseAddress {
        let result = pwrite(
          descriptor, base + done, bytes.count - done, off_t(offset) + off_t(done))
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else {
          failure = .current(path: path)
          return
        }
        done += result
      }
    }
    if let failure { throw failure }
  }

  /// Cuts the file to `size` bytes. The corresponding C function is `ftruncate`.
  package func truncate(to size: Int64) throws(SystemError) {
    guard ftruncate(descriptor, off_t(size)) == 0 else { throw .current(path: path) }
  }

  /// Closes the file, reporting a failed write the system kept until now; calling it again
  /// does nothing. The corresponding C function is `close`.
  package func close() throws(SystemError) {
    guard descriptor >= 0 else { return }
    let status = Platform.close(descriptor)
    descriptor = -1
    guard status == 0 else { throw .current(path: path) }
  }
}
