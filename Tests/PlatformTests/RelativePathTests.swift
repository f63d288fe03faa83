import Foundation
import Platform
import TestSupport
import Testing

/// Paths as CI annotations and reports name them: relative to the working directory.
@Suite struct RelativePathTests {
  private let here = FileManager.default.currentDirectoryPath

  @Test func aPathUnderTheWorkingDirectoryLosesItsPrefix() {
    #expect(Path.relativeToWorkingDirectory(here + "/scores/a.xylo") == "scores/a.xylo")
    #expect(Path.relativeToWorkingDirectory("./scores/a.xylo") == "scores/a.xylo")
    #expect(Path.relativeToWorkingDirectory("scores/a.xylo") == "scores/a.xylo")
  }

  @Test func aPathOutsideItIsLeftAsItIs() {
    #expect(Path.relativeToWorkingDirectory("/elsewhere/a.xylo") == "/elsewhere/a.xylo")
    #expect(Path.relativeToWorkingDirectory("../a.xylo") == "../a.xylo")
  }

  /// The same folder reached through a link (macOS's /var is /private/var) still counts.
  @Test func aLinkToTheWorkingDirectoryCountsAsIt() throws {
    let folder = try temporaryFolder()
    let link = folder + "/here"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: here)
    #expect(Path.relativeToWorkingDirectory(link + "/Package.swift") == "Package.swift")
  }
}

@Suite struct GitLFSPointerTests {
  @Test func aPointerFileIsKnownAndAudioIsNot() throws {
    let folder = try temporaryFolder()
    let pointer = try file(
      "a.golden.flac", in: folder,
      holding: Array("version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 9\n".utf8))
    let audio = try file("b.flac", in: folder, holding: Array("fLaC".utf8))
    #expect(FileSystem.isGitLFSPointer(pointer))
    #expect(!FileSystem.isGitLFSPointer(audio))
    #expect(!FileSystem.isGitLFSPointer(folder + "/missing.flac"))
    #expect(!FileSystem.isGitLFSPointer(folder))
  }
}
