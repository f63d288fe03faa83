extension Path {
  /// `path` as seen from the working directory, as CI annotations and reports name files: a
  /// path under it loses the working directory's prefix (`/ci/repo/scores/a.xylo` →
  /// `scores/a.xylo`, whatever links lead to either) and a leading `./` goes; a path outside it
  /// is returned unchanged.
  package static func relativeToWorkingDirectory(_ path: String) -> String {
    var relative = path
    while relative.hasPrefix("./") { relative.removeFirst(2) }
    guard relative.hasPrefix("/"), let folder = workingDirectory() else {
      return relative.isEmpty ? path : relative
    }
    // Both with their links resolved (macOS's /var is /private/var); a file that is gone
    // (an obsolete golden removed) through its folder.
    let resolvedFolder = resolved(folder) ?? folder
    let resolvedPath =
      resolved(relative)
      ?? resolved(deletingLastComponent(relative)).map { join($0, lastComponent(relative)) }
    for (base, full) in [(folder, relative), (resolvedFolder, resolvedPath ?? relative)] {
      let prefix = base.hasSuffix("/") ? base : base + "/"
      if full.hasPrefix(prefix) && full.count > prefix.count {
        return String(full.dropFirst(prefix.count))
      }
    }
    return relative
  }

  /// The working directory. The corresponding C function is `getcwd`.
  private static func workingDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: 4_096)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `path` with every link resolved, if it exists. The corresponding C function is `realpath`.
  package static func resolved(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }
}
