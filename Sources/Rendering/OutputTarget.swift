import Platform

/// Where finished audio goes: a file, or standard output.
public enum Destination: Equatable, Sendable {
  case file(String)
  case standardOutput

  /// `-` names standard output, as on the command line; anything else is a file.
  public init(_ path: String) {
    self = path == "-" ? .standardOutput : .file(path)
  }

  /// `'song.wav'` or `standard output`, for messages.
  public var displayName: String {
    switch self {
    case .file(let path): "'\(path)'"
    case .standardOutput: "standard output"
    }
  }

  /// The path in messages that name the file being written.
  var messagePath: String {
    switch self {
    case .file(let path): path
    case .standardOutput: "standard output"
    }
  }
}

/// An output that cannot be written: the path and the reason.
public struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `cannot write 'song.wav': No space left on device`.
  public var description: String { "cannot write '\(path)': \(reason)" }
}

/// A temporary file beside the destination, renamed into place only after it was closed and
/// verified, so a failure never leaves a partial file or harms an old one. For standard output
/// the finished file is copied out instead.
final class OutputTarget {
  let destination: Destination
  /// Where the audio is written until it is complete.
  let temporaryPath: String
  private var finished = false

  /// Checks that the destination can be written and reserves a temporary file for it.
  init(_ destination: Destination) throws(OutputError) {
    self.destination = destination
    let folder: String
    let base: String
    switch destination {
    case .standardOutput:
      folder = FileSystem.temporaryDirectory
      base = "stdout"
    case .file(let path):
      let parent = Path.deletingLastComponent(path)
      folder = parent.isEmpty ? "." : parent
      base = Path.lastComponent(path)
      if FileSystem.kind(of: path) == .directory {
        throw OutputError(path: path, reason: "it is a folder")
      }
      switch FileSystem.kind(of: folder) {
      case .directory: break
      case .missing:
        throw OutputError(path: path, reason: "the folder '\(folder)' does not exist")
      default: throw OutputError(path: path, reason: "'\(folder)' is not a folder")
      }
    }
    switch TemporaryFiles.create(template: Path.join(folder, ".\(base).xylo-XXXXXX")) {
    case .success(let path):
      temporaryPath = path
    case .failure(let error):
      let reason = error.reason == errorText(EACCES) ? "the folder is not writable" : error.reason
      throw OutputError(path: destination.messagePath, reason: reason)
    }
  }

  deinit { discard() }

  /// Moves the finished file into place (or copies it to standard output) and forgets it.
  func commit() throws(OutputError) {
    defer { discard() }
    switch destination {
    case .standardOutput:
      do throws(SystemError) {
        try FileSystem.write(try FileSystem.readAll(temporaryPath), to: STDOUT_FILENO)
      } catch {
        throw OutputError(path: "standard output", reason: error.reason)
      }
    case .file(let path):
      guard rename(temporaryPath, path) == 0 else {
        throw OutputError(path: path, reason: errorText(errno))
      }
      finished = true
    }
  }

  /// Deletes the temporary file if it is still there.
  func discard() {
    if finished {
      TemporaryFiles.forget(temporaryPath)
    } else {
      TemporaryFiles.remove(temporaryPath)
    }
    finished = true
  }
}
