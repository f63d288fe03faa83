import Foundation

/// A fresh empty folder of the test's own under the system's temporary folder: no two tests,
/// nor two runs of one, share a folder, so tests that run at once never see each other's files.
public func temporaryFolder() throws -> String {
  let path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
    "xylo-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

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
