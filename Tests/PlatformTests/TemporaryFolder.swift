import Foundation

/// A fresh folder under the system's temporary folder, for files a test writes.
func temporaryFolder() throws -> String {
  let path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
    "xylo-platform-\(UUID().uuidString)")
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Writes `bytes` to a new file `name` in `folder` and returns its path.
func file(_ name: String, in folder: String, holding bytes: [UInt8] = []) throws -> String {
  let path = folder + "/" + name
  try Data(bytes).write(to: URL(fileURLWithPath: path))
  return path
}
