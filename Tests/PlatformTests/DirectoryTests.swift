import Platform
import TestSupport
import Testing

@Suite struct DirectoryTests {
  @Test func contentsAreSortedWithHiddenNamesAndWithoutDotAndDotDot() throws {
    let folder = try temporaryFolder()
    for name in ["b.wav", "A.wav", ".hidden", "a.wav"] { _ = try file(name, in: folder) }
    try FileSystem.createDirectories(folder + "/sub")
    #expect(
      try FileSystem.contents(ofDirectory: folder) == [".hidden", "A.wav", "a.wav", "b.wav", "sub"])
  }

  @Test func anEmptyFolderHasNoContents() throws {
    #expect(try FileSystem.contents(ofDirectory: try temporaryFolder()) == [])
  }

  @Test func listingAMissingFolderOrAFileGivesTheSystemsReason() throws {
    let folder = try temporaryFolder()
    let plain = try file("a.wav", in: folder)
    #expect(throws: SystemError(path: folder + "/none", reason: "No such file or directory")) {
      try FileSystem.contents(ofDirectory: folder + "/none")
    }
    #expect(throws: SystemError(path: plain, reason: "Not a directory")) {
      try FileSystem.contents(ofDirectory: plain)
    }
  }

  @Test func createDirectoriesMakesEveryMissingLevelAndAcceptsAnExistingOne() throws {
    let folder = try temporaryFolder()
    let deep = folder + "/a/b/c"
    try FileSystem.createDirectories(deep)
    try FileSystem.createDirectories(deep)
    #expect(FileSystem.kind(of: deep) == .directory)
    #expect(try FileSystem.contents(ofDirectory: folder + "/a") == ["b"])
  }

  @Test func createDirectoriesBelowAFileNamesTheLevelThatFailed() throws {
    let plain = try file("a.wav", in: try temporaryFolder())
    #expect(throws: SystemError(path: plain + "/b", reason: "Not a directory")) {
      try FileSystem.createDirectories(plain + "/b/c")
    }
  }
}
