import Dispatch

/// What a path names, following links.
package enum FileKind: Equatable, Sendable {
  case missing
  case file
  case directory
  case other
}

/// Standard error's silencing, shared by every thread that asks for it: the first to enter
/// sends it to /dev/null, the last to leave restores it.
private final class StandardErrorSilencing: @unchecked Sendable {
  static let shared = StandardErrorSilencing()
  private let lock = DispatchSemaphore(value: 1)
  private var callers = 0
  /// The real standard error, kept while silenced.
  private var saved: Int32 = -1

  func enter() {
    lock.wait()
    defer { lock.signal() }
    callers += 1
    guard callers == 1 else { return }
    saved = dup(STDERR_FILENO)
    let null = open("/dev/null", O_WRONLY)
    if saved >= 0 && null >= 0 { dup2(null, STDERR_FILENO) }
    if null >= 0 { close(null) }
  }

  func leave() {
    lock.wait()
    defer { lock.signal() }
    callers -= 1
    guard callers == 0, saved >= 0 else { return }
    dup2(saved, STDERR_FILENO)
    close(saved)
    saved = -1
  }
}

/// Small file-system operations on top of the C library, so the tool needs no Foundation
/// (which would add about 9 MB of memory and milliseconds to every start).
package enum FileSystem {
  /// What `path` is; a path that cannot be examined (a dangling link, a link loop) is `missing`.
  /// The corresponding C function is `stat`.
  package static func kind(of path: String) -> FileKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .file
    default: return .other
    }
  }

  /// The size of a regular file in bytes, or why it cannot be examined (following links).
  package static func size(of path: String) -> Result<Int64, SystemError> {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(.current(path: path)) }
    return .success(Int64(info.st_size))
  }

  /// Runs `body` with standard error sent to /dev/null: some decoders that libsndfile uses
  /// (libmpg123) print their own warnings there, which would break our one-line messages.
  ///
  /// File descriptor 2 belongs to the whole process: a front end calls this while nothing
  /// else prints. Callers on several threads (samples decoded in parallel) share one
  /// silencing, which lasts until the last of them returns.
  package static func withStandardErrorSilenced<Result>(_ body: () throws -> Result) rethrows
    -> Result
  {
    StandardErrorSilencing.shared.enter()
    defer { StandardErrorSilencing.shared.leave() }
    return try body()
  }

  /// The names in a folder, without `.` and `..`, sorted. The corresponding C functions are
  /// `opendir` and `readdir`.
  package static func contents(ofDirectory path: String) throws(SystemError) -> [String] {
    guard let directory = opendir(path) else { throw .current(path: path) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      // The name is read where it lies: a directory entry may be shorter than `dirent`, so
      // copying the whole 256-byte field would read past it.
      guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { continue }
      let name = String(
        cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// Creates `path` and any missing folders above it.
  package static func createDirectories(_ path: String) throws(SystemError) {
    if kind(of: path) == .directory { return }
    let parent = Path.deletingLastComponent(path)
    if !parent.isEmpty && parent != path && parent != "/" { try createDirectories(parent) }
    if mkdir(path, 0o755) != 0 && errno != EEXIST { throw .current(path: path) }
  }

  /// The first `count` bytes of a regular file (fewer when it is shorter); nil when it cannot
  /// be opened or read. Opened without blocking, so a FIFO put in a file's place cannot hang.
  package static func prefix(of path: String, count: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
    guard read >= 0 else { return nil }
    return Array(bytes.prefix(read))
  }

  /// Reads a whole file, or standard input for `-`, refusing more than `limit` bytes.
  package static func readAll(_ path: String, limit: Int = .max) throws(SystemError) -> [UInt8] {
    if path == "-" { return try readAll(descriptor: STDIN_FILENO, path: path, limit: limit) }
    if kind(of: path) == .directory { throw SystemError(path: path, reason: "it is a directory") }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .current(path: path) }
    defer { close(descriptor) }
    return try readAll(descriptor: descriptor, path: path, limit: limit)
  }

  private static func readAll(descriptor: Int32, path: String, limit: Int) throws(SystemError)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw .current(path: path) }
      if count == 0 { return bytes }
      guard bytes.count + count <= limit else {
        throw SystemError(path: path, reason: "it is larger than \(limit) bytes, the limit")
      }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  /// Writes all of `bytes` to a file descriptor, retrying short writes.
  package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32)
    throws(SystemError)
  {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = Platform.write(descriptor, base + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { throw .current(path: "descriptor \(descriptor)") }
      offset += written
    }
  }

  /// Writes all of `bytes` to a file descriptor.
  package static func write(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
    var failure: SystemError?
    bytes.withUnsafeBytes { raw in
      do throws(SystemError) { try write(raw, to: descriptor) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// The folder for temporary files: `$TMPDIR`, else `/tmp`.
  package static var temporaryDirectory: String {
    Environment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
  }
}

/// Path strings, split on `/` as POSIX does.
package enum Path {
  /// `a/b.wav` → `b.wav`.
  package static func lastComponent(_ path: String) -> String {
    let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    return trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init)
      ?? trimmed
  }

  /// `a/b.wav` → `a`; `b.wav` → `` (empty); `/b.wav` → `/`.
  package static func deletingLastComponent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `b.wav` → `wav`; `b` → ``.
  package static func fileExtension(_ path: String) -> String {
    let name = lastComponent(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }

  /// `a/b.wav` → `b`.
  package static func baseName(_ path: String) -> String {
    let name = lastComponent(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// `a` + `b.wav` → `a/b.wav`.
  package static func join(_ folder: String, _ name: String) -> String {
    folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}

/// The process environment.
package enum Environment {
  /// The value of a variable, if set. The corresponding C function is `getenv`.
  package static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
