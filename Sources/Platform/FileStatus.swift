/// What `stat` says of a file: its type, identity, permission bits and group.
package struct FileStatus: Equatable, Sendable {
  package enum Kind: Equatable, Sendable {
    case file
    case directory
    case fifo
    case characterDevice
    case blockDevice
    case socket
    case link
  }

  package var kind: Kind
  /// The device and inode: two paths name the same file when both are equal.
  package var device: UInt64
  package var inode: UInt64
  /// The permission bits (`0o7777` of `st_mode`).
  package var permissions: UInt32
  package var group: UInt32

  /// The status of `path`, following links (`stat`), or of the link itself (`lstat`); `nil`
  /// when the path cannot be examined.
  package init?(of path: String, followingLinks: Bool = true) {
    var info = stat()
    guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: kind = .directory
    case S_IFIFO: kind = .fifo
    case S_IFCHR: kind = .characterDevice
    case S_IFBLK: kind = .blockDevice
    case S_IFSOCK: kind = .socket
    case S_IFLNK: kind = .link
    default: kind = .file
    }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    permissions = UInt32(info.st_mode & 0o7777)
    group = UInt32(info.st_gid)
  }

  /// Whether `other` is the very same file.
  package func isSameFile(as other: FileStatus) -> Bool {
    device == other.device && inode == other.inode
  }
}

extension FileSystem {
  /// Where a link leads, one step: its target, relative to the link's folder when not
  /// absolute; `nil` for anything that is not a link. The corresponding C function is
  /// `readlink`.
  package static func linkTarget(of path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4_096)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let target = String(
      decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if target.hasPrefix("/") { return target }
    return Path.join(Path.deletingLastComponent(path), target)
  }

  /// The path with every link followed, as far as they lead: the last existing target (or the
  /// target a dangling link names), at most 40 links deep as the kernel allows.
  package static func followingLinks(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      guard let status = FileStatus(of: current, followingLinks: false), status.kind == .link,
        let target = linkTarget(of: current)
      else { return current }
      current = target
    }
    return current
  }

  /// The process's file-creation mask, read without changing it (Linux's `/proc/self/status`),
  /// else by setting and restoring it.
  package static var creationMask: UInt32 {
    if let status = try? readAll("/proc/self/status", limit: 1 << 20) {
      for line in String(decoding: status, as: UTF8.self).split(separator: "\n")
      where line.hasPrefix("Umask:") {
        if let mask = UInt32(line.dropFirst(6).drop { $0 == " " || $0 == "\t" }, radix: 8) {
          return mask
        }
      }
    }
    let mask = umask(0o022)
    umask(mask)
    return UInt32(mask)
  }

  /// Copies the file at `path` to a descriptor, a megabyte at a time.
  package static func copy(_ path: String, to descriptor: Int32) throws(SystemError) {
    let source = open(path, O_RDONLY)
    guard source >= 0 else { throw .current(path: path) }
    defer { close(source) }
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { chunk.deallocate() }
    while true {
      let count = read(source, chunk.baseAddress, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw .current(path: path) }
      if count == 0 { return }
      try write(UnsafeRawBufferPointer(rebasing: chunk[..<count]), to: descriptor)
    }
  }
}
