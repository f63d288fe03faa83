import Platform

/// Where a render goes: a temporary file beside the destination, renamed into place only after
/// it was closed and verified, so a failure never leaves a partial file or harms an old one.
///
/// `-o -` writes the finished file to standard output instead of renaming it.
final class OutputTarget {
  /// The path as the user gave it, or `-`.
  let destination: String
  /// Where the audio is written until it is complete.
  let temporaryPath: String
  private var finished = false

  /// Checks that the destination can be written and reserves a temporary file for it.
  init(destination: String) throws(OutputError) {
    self.destination = destination
    let folder: String
    if destination == "-" {
      folder = FileSystem.temporaryDirectory
    } else {
      let parent = Path.deletingLastComponent(destination)
      folder = parent.isEmpty ? "." : parent
      if FileSystem.kind(of: destination) == .directory {
        throw OutputError(path: destination, reason: "it is a folder")
      }
      switch FileSystem.kind(of: folder) {
      case .directory: break
      case .missing:
        throw OutputError(path: destination, reason: "the folder '\(folder)' does not exist")
      default: throw OutputError(path: destination, reason: "'\(folder)' is not a folder")
      }
    }
    let base = destination == "-" ? "stdout" : Path.lastComponent(destination)
    let template = Path.join(folder, ".\(base).xylo-XXXXXX")
    guard let path = CleanupOnSignal.createTemporaryFile(template: template) else {
      let reason = errno == EACCES ? "the folder is not writable" : errorText(errno)
      throw OutputError(path: destination, reason: reason)
    }
    temporaryPath = path
  }

  deinit { discard() }

  /// Moves the finished file into place (or copies it to standard output) and forgets it.
  func commit() throws(OutputError) {
    defer { discard() }
    if destination == "-" {
      try copyToStandardOutput()
    } else if rename(temporaryPath, destination) != 0 {
      throw OutputError(path: destination, reason: errorText(errno))
    }
    finished = true
  }

  /// Deletes the temporary file if it is still there.
  func discard() {
    if !finished || destination == "-" { unlink(temporaryPath) }
    finished = true
    CleanupOnSignal.unregister()
  }

  private func copyToStandardOutput() throws(OutputError) {
    do throws(SystemError) {
      try FileSystem.write(try FileSystem.readAll(temporaryPath), to: STDOUT_FILENO)
    } catch {
      throw OutputError(path: "standard output", reason: error.reason)
    }
  }
}

/// An output that cannot be written: the path and the reason.
struct OutputError: Error {
  var path: String
  var reason: String

  var description: String { "cannot write '\(path)': \(reason)" }
}
