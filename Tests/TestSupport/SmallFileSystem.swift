import Foundation

/// A tiny file system made for one test (a tmpfs of a few megabytes), so running out of disk is
/// tested without ever filling the machine's own. Mounting needs root; elsewhere the tests that
/// need one are skipped, saying why.
public final class SmallFileSystem {
  /// The mounted folder.
  public let path: String

  /// Mounts a tmpfs of `megabytes` on a fresh folder.
  public init(megabytes: Int) throws {
    path = try temporaryFolder()
    guard Self.shell("mount", "-t", "tmpfs", "-o", "size=\(megabytes)m,mode=0777", "tmpfs", path)
    else {
      throw CocoaError(.fileWriteNoPermission)
    }
  }

  deinit { _ = Self.shell("umount", path) }

  /// Whether a test file system can be mounted here: tried once.
  public static let canMount: Bool = {
    guard getuid() == 0, let folder = try? temporaryFolder() else { return false }
    guard shell("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", folder) else { return false }
    return shell("umount", folder)
  }()

  @discardableResult
  private static func shell(_ arguments: String...) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
