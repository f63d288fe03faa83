import Platform
import Testing

@Suite struct PathTests {
  @Test(arguments: [
    ("a/b.wav", "b.wav", "a", "wav", "b"),
    ("b.wav", "b.wav", "", "wav", "b"),
    ("/b.wav", "b.wav", "/", "wav", "b"),
    ("a/.hidden", ".hidden", "a", "", ".hidden"),
    ("a/b", "b", "a", "", "b"),
    ("a/b.tar.gz", "b.tar.gz", "a", "gz", "b.tar"),
  ])
  func pathsSplitAsPOSIXDoes(
    _ path: String, _ last: String, _ folder: String, _ ext: String, _ base: String
  ) {
    #expect(Path.lastComponent(path) == last)
    #expect(Path.deletingLastComponent(path) == folder)
    #expect(Path.fileExtension(path) == ext)
    #expect(Path.baseName(path) == base)
  }

  @Test func joiningAddsOneSlash() {
    #expect(Path.join("a", "b.wav") == "a/b.wav")
    #expect(Path.join("a/", "b.wav") == "a/b.wav")
    #expect(Path.join("", "b.wav") == "b.wav")
  }
}
