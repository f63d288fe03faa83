import Foundation
import Platform
import TestSupport
import Testing

@Suite struct SystemErrorTests {
  @Test(arguments: [
    (ENOENT, "No such file or directory"), (EACCES, "Permission denied"),
    (ENOTDIR, "Not a directory"), (EEXIST, "File exists"),
  ])
  func errorTextIsTheCLibrarysWording(_ number: Int32, _ text: String) {
    #expect(errorText(number) == text)
  }

  @Test func currentReadsErrnoAsItIsNow() throws {
    let path = try temporaryFolder() + "/none"
    #expect(open(path, O_RDONLY) == -1)
    #expect(SystemError.current(path: path) == SystemError(path: path, reason: errorText(ENOENT)))
  }
}

@Suite struct EnvironmentTests {
  @Test func aSetVariableReadsAsTheProcessSeesIt() throws {
    let path = try #require(ProcessInfo.processInfo.environment["PATH"])
    #expect(Environment.value("PATH") == path)
  }

  @Test func anUnsetVariableIsNil() {
    #expect(Environment.value("XYLO_RENDER_TESTS_NEVER_SET_THIS") == nil)
  }

  @Test func theTemporaryFolderIsTMPDIRUnlessUnsetOrEmpty() {
    let tmpdir = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
    #expect(FileSystem.temporaryDirectory == (tmpdir.isEmpty ? "/tmp" : tmpdir))
  }
}
