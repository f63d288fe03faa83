import Platform
import TestSupport
import Testing

@Suite struct DescriptorWriteTests {
  /// Opens `path` for writing, runs `body` with the descriptor, and closes it.
  private func withFile(_ path: String, _ body: (Int32) throws -> Void) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try body(descriptor)
  }

  @Test(arguments: [0, 1, 1_000_000])
  func everyByteReachesTheFile(_ count: Int) throws {
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let path = try temporaryFolder() + "/out"
    try withFile(path) { try FileSystem.write(bytes, to: $0) }
    #expect(try FileSystem.readAll(path) == bytes)
  }

  @Test func successiveWritesAppendInOrder() throws {
    let path = try temporaryFolder() + "/out"
    try withFile(path) { descriptor in
      try FileSystem.write([1, 2], to: descriptor)
      try [UInt8]([3]).withUnsafeBytes { try FileSystem.write($0, to: descriptor) }
    }
    #expect(try FileSystem.readAll(path) == [1, 2, 3])
  }

  @Test func aBadDescriptorIsNamedWithTheSystemsReason() {
    #expect(throws: SystemError(path: "descriptor -1", reason: "Bad file descriptor")) {
      try FileSystem.write([1], to: -1)
    }
  }
}
