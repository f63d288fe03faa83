import Foundation
import Platform
import TestSupport
import Testing

@Suite struct FileKindTests {
  @Test func kindsFollowLinksAndNameWhatThePathIs() throws {
    let folder = try temporaryFolder()
    let target = try file("a.wav", in: folder)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.wav", withDestinationPath: target)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/dangling.wav", withDestinationPath: folder + "/gone.wav")
    #expect(FileSystem.kind(of: target) == .file)
    #expect(FileSystem.kind(of: folder) == .directory)
    #expect(FileSystem.kind(of: folder + "/link.wav") == .file)
    #expect(FileSystem.kind(of: folder + "/dangling.wav") == .missing)
    #expect(FileSystem.kind(of: folder + "/none") == .missing)
    #expect(FileSystem.kind(of: "/dev/null") == .other)
  }

  @Test(arguments: [0, 1, 70_000])
  func sizeIsTheFilesLengthInBytes(_ count: Int) throws {
    let path = try file("a", in: try temporaryFolder(), holding: .init(repeating: 7, count: count))
    #expect(FileSystem.size(of: path) == .success(Int64(count)))
  }

  @Test func theSizeOfAMissingFileIsTheSystemsReason() throws {
    let path = try temporaryFolder() + "/none"
    #expect(
      FileSystem.size(of: path)
        == .failure(SystemError(path: path, reason: "No such file or directory")))
  }
}
