import Foundation

/// A fresh folder under the system's temporary folder, for files a test writes.
func temporaryFolder() throws -> String {
  let path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
    "xylo-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
