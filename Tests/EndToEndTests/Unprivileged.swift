import Foundation
import TestSupport
import Testing

/// Runs the built binary without root's power to read and write everything: directly when the
/// tests are not root, and as `nobody` through util-linux's `setpriv` when they are (as in CI).
enum Unprivileged {
  /// util-linux's tool that runs a program with other user and group ids.
  static let setpriv = "/usr/bin/setpriv"

  /// The user and group ids of `nobody`, if the system has that user.
  static let nobody: (uid: uid_t, gid: gid_t)? = getpwnam("nobody").map {
    ($0.pointee.pw_uid, $0.pointee.pw_gid)
  }

  /// The binary `nobody` runs: the built one where every folder above it lets others through,
  /// else a copy in a temporary folder that does (a clone under `/root` does not).
  static let binary: URL = {
    guard getuid() == 0, !reachableByOthers(binaryURL.resolvingSymlinksInPath().path) else {
      return binaryURL
    }
    let folder = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("xylo-unprivileged-\(UUID().uuidString)")
    let copy = folder.appendingPathComponent("xylo-render")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: binaryURL, to: copy)
      try setMode(folder.path, 0o755)
      try setMode(copy.path, 0o755)
      return copy
    } catch {
      return binaryURL  // `obstacle` then names the folder that is in the way
    }
  }()

  /// Why the binary cannot run unprivileged here, or nil when it can.
  static let obstacle: String? = {
    guard getuid() == 0 else { return nil }
    guard FileManager.default.isExecutableFile(atPath: setpriv) else {
      return "the tests run as root and \(setpriv) (util-linux) is missing"
    }
    guard nobody != nil else { return "the tests run as root and there is no user 'nobody'" }
    let temporary = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath().path
    for path in [binary.resolvingSymlinksInPath().path, temporary + "/"] {
      if let blocked = firstBlockedFolder(path) {
        return "'nobody' cannot reach the binary or temporary folder: '\(blocked)' lacks o+x"
      }
    }
    return nil
  }()

  /// Whether every folder on the way to `path`, and `path` itself, lets others through.
  private static func reachableByOthers(_ path: String) -> Bool {
    firstBlockedFolder(path) == nil
  }

  /// The first of `path`'s folders (or `path` itself) that others cannot pass through.
  private static func firstBlockedFolder(_ path: String) -> String? {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    for candidate in searchedFolders(trimmed) + (path.hasSuffix("/") ? [trimmed] : [path]) {
      // A path that is missing is no reason to skip: the run then fails and says so.
      var info = stat()
      if stat(candidate, &info) == 0 && info.st_mode & S_IXOTH == 0 { return candidate }
    }
    return nil
  }

  /// `/`, `/a` and `/a/b` for `/a/b/c`: the folders a path is reached through.
  private static func searchedFolders(_ path: String) -> [String] {
    var folders: [String] = []
    var url = URL(fileURLWithPath: path).deletingLastPathComponent()
    while url.path != "/" {
      folders.insert(url.path, at: 0)
      url.deleteLastPathComponent()
    }
    return ["/"] + folders
  }

  /// The program and arguments that run `xylo-render` with `arguments`, unprivileged.
  static func command(_ arguments: [String]) -> (executable: URL, arguments: [String]) {
    guard getuid() == 0, let nobody else { return (binaryURL, arguments) }
    let drop = ["--reuid=\(nobody.uid)", "--regid=\(nobody.gid)", "--clear-groups"]
    return (URL(fileURLWithPath: setpriv), drop + [binary.path] + arguments)
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only where the binary can run without root's access (see `Unprivileged`),
  /// and otherwise reports it as skipped with the reason.
  static var unprivilegedRunIsPossible: Self {
    .enabled(
      if: Unprivileged.obstacle == nil,
      Comment(rawValue: Unprivileged.obstacle ?? "runs the binary as a user without root's access"))
  }
}

/// Sets the permission bits of `path` to exactly `mode`, whatever the umask was.
func setMode(_ path: String, _ mode: mode_t) throws {
  guard chmod(path, mode) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM) }
}

/// A fresh temporary folder with exactly the permission bits `mode`.
func temporaryFolder(mode: mode_t) throws -> String {
  let folder = try temporaryFolder()
  try setMode(folder, mode)
  return folder
}

/// Lets every user list `bank` and read its files, as `nobody` must.
func shareWithOthers(bank: String) throws {
  try setMode(bank, 0o755)
  for name in try FileManager.default.contentsOfDirectory(atPath: bank) {
    try setMode(bank + "/" + name, 0o644)
  }
}
