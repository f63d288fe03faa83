extension FileSystem {
  /// The first line of a Git LFS pointer file, as the Git LFS specification writes it: a file
  /// that starts so holds the pointer to the content, not the content, until `git lfs pull`.
  package static let gitLFSPointerPrefix = "version https://git-lfs.github.com/spec/v1"

  /// Whether the file at `path` is a Git LFS pointer (a checkout without `git lfs pull`).
  package static func isGitLFSPointer(_ path: String) -> Bool {
    // Only a regular file: opening a FIFO would wait for a writer.
    guard kind(of: path) == .file else { return false }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let expected = Array(gitLFSPointerPrefix.utf8)
    var bytes = [UInt8](repeating: 0, count: expected.count)
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress.map { $0 + filled }, expected.count - filled)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      filled += count
    }
    return bytes == expected
  }
}
