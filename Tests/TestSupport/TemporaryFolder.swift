import Foundation

/// A fresh empty folder of the test's own: no two tests, nor two runs of one, share a folder,
/// so tests that run at once never see each other's files. They all sit in one folder of the
/// test process, removed when it exits.
public func temporaryFolder() throws -> String {
  let path = (TestProcessFolder.path as NSString).appendingPathComponent(UUID().uuidString)
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// The folder under the system's temporary folder that holds this process's test folders.
enum TestProcessFolder {
  static let path: String = {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "xylo-test-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    removeAtExit = path
    atexit { if let path = removeAtExit { try? FileManager.default.removeItem(atPath: path) } }
    return path
  }()
}

/// What `atexit` removes: a C callback cannot capture, so it reads this.
nonisolated(unsafe) private var removeAtExit: String?

/// Writes `bytes` to a new file `name` in `folder` and returns its path.
@discardableResult
public func file(_ name: String, in folder: String, holding bytes: [UInt8] = []) throws -> String {
  let path = folder + "/" + name
  try Data(bytes).write(to: URL(fileURLWithPath: path))
  return path
}

/// The names in `folder`, sorted; empty when it cannot be read.
public func listing(_ folder: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}
