import Platform
import TestSupport
import Testing

@Suite struct RandomAccessFileTests {
  @Test func bytesAreReadAndWrittenAtTheirOffsets() throws {
    let path = try file("a", in: try temporaryFolder(), holding: [0, 1, 2, 3, 4, 5])
    let opened = try RandomAccessFile(path: path)
    #expect(try opened.read(count: 3, at: 2) == [2, 3, 4])
    try opened.write([9, 9], at: 1)
    try opened.write([7], at: 8)
    #expect(try opened.size() == 9)
    try opened.truncate(to: 4)
    try opened.close()
    try opened.close()
    #expect(try FileSystem.readAll(path) == [0, 9, 9, 3])
  }

  @Test func readingPastTheEndIsAnError() throws {
    let path = try file("a", in: try temporaryFolder(), holding: [0, 1, 2])
    let opened = try RandomAccessFile(path: path)
    #expect(throws: SystemError(path: path, reason: "it ends before byte 6")) {
      try opened.read(count: 4, at: 2)
    }
  }

  @Test func aMissingFileIsRefusedWithTheReason() throws {
    let path = try temporaryFolder() + "/missing"
    #expect(throws: SystemError(path: path, reason: "No such file or directory")) {
      try RandomAccessFile(path: path)
    }
  }
}
