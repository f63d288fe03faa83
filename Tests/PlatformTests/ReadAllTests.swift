import Platform
import TestSupport
import Testing

@Suite struct ReadAllTests {
  /// Sizes around the 64 KiB read chunk, so whole, partial and several chunks are joined.
  @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 200_000])
  func aFileIsReadWhole(_ count: Int) throws {
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let path = try file("a", in: try temporaryFolder(), holding: bytes)
    #expect(try FileSystem.readAll(path) == bytes)
  }

  @Test func aFileOfExactlyTheLimitIsRead() throws {
    let path = try file("a", in: try temporaryFolder(), holding: [1, 2, 3])
    #expect(try FileSystem.readAll(path, limit: 3) == [1, 2, 3])
  }

  @Test(arguments: [(4, 3), (70_000, 65_536), (70_000, 0)])
  func aFileLargerThanTheLimitIsRefused(_ count: Int, _ limit: Int) throws {
    let path = try file("a", in: try temporaryFolder(), holding: .init(repeating: 0, count: count))
    let refusal = SystemError(path: path, reason: "it is larger than \(limit) bytes, the limit")
    #expect(throws: refusal) { try FileSystem.readAll(path, limit: limit) }
  }

  @Test func aFolderOrAMissingFileIsRefusedWithTheReason() throws {
    let folder = try temporaryFolder()
    #expect(throws: SystemError(path: folder, reason: "it is a directory")) {
      try FileSystem.readAll(folder)
    }
    #expect(throws: SystemError(path: folder + "/none", reason: "No such file or directory")) {
      try FileSystem.readAll(folder + "/none")
    }
  }
}
