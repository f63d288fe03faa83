/// How much a file may still take: the room left on a file system, and the process's file-size
/// limit, so an output that cannot fit is refused before a byte of it is written.
extension FileSystem {
  /// Bytes an unprivileged writer may still take on the file system holding `folder`, and the
  /// file system's size; `nil` when it cannot be asked. The corresponding C function is
  /// `statvfs`.
  package static func space(of folder: String) -> (available: Int64, total: Int64)? {
    var info = statvfs()
    guard statvfs(folder, &info) == 0 else { return nil }
    let unit = Int64(info.f_frsize)
    return (
      Int64(clamping: UInt64(info.f_bavail)) * unit, Int64(clamping: UInt64(info.f_blocks)) * unit
    )
  }

  /// The largest file this process may write (`ulimit -f`), in bytes; `nil` when unlimited.
  /// The corresponding C function is `getrlimit(RLIMIT_FSIZE)`.
  package static var fileSizeLimit: Int64? {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max
    else { return nil }
    return Int64(clamping: UInt64(limit.rlim_cur))
  }
}

/// `12.3 GB`, `512 kB`: a size in decimal units for messages.
package func sizeText(_ bytes: Int64) -> String {
  let units: [(Int64, String)] = [
    (1_000_000_000_000, "TB"), (1_000_000_000, "GB"), (1_000_000, "MB"), (1_000, "kB"),
  ]
  for (size, name) in units where bytes >= size {
    return "\(fixed(Double(bytes) / Double(size), places: 1)) \(name)"
  }
  return "\(bytes) bytes"
}
