import Platform
import ScoreParser

/// Where finished audio goes: a file, or standard output.
public enum Destination: Equatable, Sendable {
  case file(String)
  case standardOutput

  /// `-` names standard output, as on the command line; anything else is a file.
  public init(_ path: String) {
    self = path == "-" ? .standardOutput : .file(path)
  }

  /// `'song.wav'` or `standard output`, for messages; control characters escaped.
  public var displayName: String {
    switch self {
    case .file(let path): "'\(displayText(path, limit: displayedPathLength))'"
    case .standardOutput: "standard output"
    }
  }

  /// The name whose extension says the format: the path, or `-` (WAV) for standard output.
  package var pathForFormat: String {
    switch self {
    case .file(let path): path
    case .standardOutput: "-"
    }
  }

  /// The path in messages that name the file being written.
  package var messagePath: String {
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

  /// `cannot write 'song.wav': No space left on device`, or `cannot write standard output: …`.
  public var description: String {
    let name =
      path == Destination.standardOutput.messagePath
      ? path : "'\(displayText(path, limit: displayedPathLength))'"
    return "cannot write \(name): \(reason)"
  }
}

/// A temporary file beside the destination, renamed into place only after it was closed and
/// verified, so a failure never leaves a partial file or harms an old one.
///
/// A regular file (or a new path) is replaced atomically: through a link, its target is
/// replaced, in the target's folder, as `cp` and `sox` do; a replaced file keeps its permission
/// bits and group, a new one gets `0666` less the umask. A FIFO, a character device (such as
/// `/dev/null`) or standard output (`-`, `/dev/stdout`) receives the finished file as a stream
/// instead. A folder, a socket or a block device is refused, and so is an output that is one of
/// the inputs.
package final class OutputTarget {
  package let destination: Destination
  /// Where the audio is written until it is complete.
  package let temporaryPath: String
  private let delivery: Delivery
  private var finished = false
  /// The folder the temporary file is in, whose file system the output must fit on.
  private let folder: String

  private enum Delivery {
    /// Renamed over this path, with these permission bits and group (nil: a new file).
    case replace(path: String, keeping: FileStatus?)
    /// Copied to this descriptor, or to the file opened at this path.
    case stream(descriptor: Int32)
    case streamToPath(String)
  }

  /// Checks that the destination can be written and is none of `inputs`, nor where one of
  /// `otherOutputs` (the same command's other files) goes, then reserves a temporary file for
  /// it. Without `followingLinks`, a path that is a symbolic link is refused, and the path
  /// itself is replaced (a link put there meanwhile, not its target).
  package init(
    _ destination: Destination, inputs: [String] = [], otherOutputs: [String] = [],
    followingLinks: Bool = true
  ) throws(OutputError) {
    self.destination = destination
    let folder: String
    let base: String
    switch destination {
    case .standardOutput:
      delivery = .stream(descriptor: STDOUT_FILENO)
      folder = FileSystem.temporaryDirectory
      base = "stdout"
    case .file(let path):
      if followingLinks, let descriptor = standardDescriptor(named: path) {
        delivery = .stream(descriptor: descriptor)
        folder = FileSystem.temporaryDirectory
        base = "stdout"
        break
      }
      if !followingLinks, FileStatus(of: path, followingLinks: false)?.kind == .link {
        throw OutputError(path: path, reason: "it is a symbolic link, which is not followed")
      }
      let target = followingLinks ? FileSystem.followingLinks(path) : path
      let status = FileStatus(of: target)
      switch status?.kind {
      case nil, .file?, .link?:
        let place = Self.place(of: target)
        for input in inputs {
          if let status, let other = FileStatus(of: input), status.isSameFile(as: other) {
            throw OutputError(
              path: path,
              reason:
                "it is the same file as the input '\(displayText(input, limit: displayedPathLength))'"
            )
          }
        }
        if otherOutputs.contains(where: { Self.place(of: FileSystem.followingLinks($0)) == place })
        {
          throw OutputError(
            path: path,
            reason: "another output of the command (the audio or a stem) goes there too; "
              + "give each output its own name")
        }
        delivery = .replace(path: target, keeping: status)
        let parent = Path.deletingLastComponent(target)
        folder = parent.isEmpty ? "." : parent
        base = Path.lastComponent(target)
        switch FileSystem.kind(of: folder) {
        case .directory: break
        case .missing:
          throw OutputError(path: path, reason: "the folder '\(folder)' does not exist")
        default: throw OutputError(path: path, reason: "'\(folder)' is not a folder")
        }
        TemporaryFiles.removeAbandoned(for: base, in: folder)
      case .directory?: throw OutputError(path: path, reason: "it is a folder")
      case .fifo?, .characterDevice?:
        delivery = .streamToPath(target)
        folder = FileSystem.temporaryDirectory
        base = Path.lastComponent(target)
      case .socket?: throw OutputError(path: path, reason: "it is a socket")
      case .blockDevice?: throw OutputError(path: path, reason: "it is a block device")
      }
    }
    self.folder = folder
    let template = Path.join(folder, TemporaryFiles.prefix(for: base) + "XXXXXX")
    switch TemporaryFiles.create(template: template) {
    case .success(let path):
      temporaryPath = path
    case .failure(let error):
      let reason = error.reason == errorText(EACCES) ? "the folder is not writable" : error.reason
      throw OutputError(path: destination.messagePath, reason: reason)
    }
  }

  deinit { discard() }

  /// Refuses an output of about `bytes` that its file system cannot hold with a margin to
  /// spare (16 MB, or 5% of a small file system), or that passes the process's file-size
  /// limit (`ulimit -f`): before any work, so a render never fills a disk.
  package func checkRoom(for bytes: Int64) throws(OutputError) {
    if let limit = FileSystem.fileSizeLimit, bytes > limit {
      throw OutputError(
        path: destination.messagePath,
        reason:
          "it would be about \(sizeText(bytes)), past the file-size limit (ulimit -f) of \(sizeText(limit))"
      )
    }
    guard let space = FileSystem.space(of: folder) else { return }
    let margin = min(16_000_000, space.total / 20)
    guard bytes > space.available - margin else { return }
    throw OutputError(
      path: destination.messagePath,
      reason:
        "it needs about \(sizeText(bytes)) and its file system has \(sizeText(max(0, space.available))) free"
    )
  }

  /// Moves the finished file into place (or streams it out) and forgets it.
  package func commit() throws(OutputError) {
    defer { discard() }
    switch delivery {
    case .stream(let descriptor):
      try streamOut(to: descriptor)
    case .streamToPath(let path):
      let descriptor = open(path, O_WRONLY)
      guard descriptor >= 0 else {
        throw OutputError(path: destination.messagePath, reason: errorText(errno))
      }
      defer { close(descriptor) }
      try streamOut(to: descriptor)
    case .replace(let path, let kept):
      let mode = kept?.permissions ?? (0o666 & ~FileSystem.creationMask)
      // The group only where we may set it; a replaced file keeps its mode in any case.
      if let kept { _ = chown(temporaryPath, uid_t.max, gid_t(kept.group)) }
      guard chmod(temporaryPath, mode_t(mode)) == 0, rename(temporaryPath, path) == 0 else {
        throw OutputError(path: destination.messagePath, reason: errorText(errno))
      }
      finished = true
    }
  }

  private func streamOut(to descriptor: Int32) throws(OutputError) {
    do {
      try FileSystem.copy(temporaryPath, to: descriptor)
    } catch {
      throw OutputError(path: destination.messagePath, reason: error.reason)
    }
  }

  /// Deletes the temporary file if it is still there.
  package func discard() {
    if finished {
      TemporaryFiles.forget(temporaryPath)
    } else {
      TemporaryFiles.remove(temporaryPath)
    }
    finished = true
  }
}

extension OutputTarget {
  /// Where `path` (links already followed) is, as two names of one new file agree on it: its
  /// folder with links resolved, and its name.
  fileprivate static func place(of path: String) -> String {
    let folder = Path.deletingLastComponent(path)
    let resolved = Path.resolved(folder.isEmpty ? "." : folder) ?? folder
    return Path.join(resolved, Path.lastComponent(path))
  }
}

/// Writes `bytes` through a temporary file that is read back with `check` before it replaces
/// anything at `destination`.
package func writeAtomically(
  _ bytes: [UInt8], to destination: Destination, inputs: [String],
  check: ([UInt8]) -> Bool
) throws(RenderError) {
  let target: OutputTarget
  do { target = try OutputTarget(destination, inputs: inputs) } catch { throw .output(error) }
  try writeAtomically(bytes, to: target, check: check)
}

/// Writes `bytes` to `target`'s temporary file, reads them back with `check`, and moves them
/// into place: for an output checked (`OutputTarget.init`) before its bytes were made.
package func writeAtomically(
  _ bytes: [UInt8], to target: OutputTarget, check: ([UInt8]) -> Bool
) throws(RenderError) {
  let destination = target.destination
  do throws(SystemError) {
    let descriptor = open(target.temporaryPath, O_WRONLY | O_TRUNC)
    guard descriptor >= 0 else { throw .current(path: target.temporaryPath) }
    defer { close(descriptor) }
    try FileSystem.write(bytes, to: descriptor)
    guard fsync(descriptor) == 0 else { throw .current(path: target.temporaryPath) }
    let written = try FileSystem.readAll(target.temporaryPath)
    guard written == bytes, check(written) else {
      throw SystemError(path: target.temporaryPath, reason: "the written file reads back wrong")
    }
  } catch {
    throw .output(OutputError(path: destination.messagePath, reason: error.reason))
  }
  do { try target.commit() } catch { throw .output(error) }
}
