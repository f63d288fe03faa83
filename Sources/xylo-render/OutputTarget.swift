import Foundation

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
      folder = NSTemporaryDirectory()
    } else {
      folder =
        (destination as NSString).deletingLastPathComponent.isEmpty
        ? "." : (destination as NSString).deletingLastPathComponent
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        throw OutputError(path: destination, reason: "it is a folder")
      }
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
        throw OutputError(path: destination, reason: "the folder '\(folder)' does not exist")
      }
      guard isDirectory.boolValue else {
        throw OutputError(path: destination, reason: "'\(folder)' is not a folder")
      }
    }
    let base = destination == "-" ? "stdout" : (destination as NSString).lastPathComponent
    let template = (folder as NSString).appendingPathComponent(".\(base).xylo-XXXXXX")
    guard let path = CleanupOnSignal.createTemporaryFile(template: template) else {
      let reason = errno == EACCES ? "the folder is not writable" : String(cString: strerror(errno))
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
      throw OutputError(path: destination, reason: String(cString: strerror(errno)))
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
    guard let input = fopen(temporaryPath, "rb") else {
      throw OutputError(path: "-", reason: String(cString: strerror(errno)))
    }
    defer { fclose(input) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, input) }
      if count == 0 { break }
      var offset = 0
      while offset < count {
        let written = buffer.withUnsafeBytes { bytes in
          bytes.baseAddress.map { write(STDOUT_FILENO, $0 + offset, count - offset) } ?? -1
        }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          throw OutputError(path: "standard output", reason: String(cString: strerror(errno)))
        }
        offset += written
      }
    }
  }
}

/// An output that cannot be written: the path and the reason.
struct OutputError: Error {
  var path: String
  var reason: String

  var description: String { "cannot write '\(path)': \(reason)" }
}
