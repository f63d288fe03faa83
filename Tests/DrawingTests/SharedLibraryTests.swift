import AudioBasics
import Testing

@Suite struct SharedLibraryTests {
  @Test func aLibraryThatCannotBeOpenedIsNamedWithTheLoadersReason() {
    let failure = sharedLibraryFailure("Cairo") { reason, size in
      let text = Array("libcairo.so.2: cannot open shared object file".utf8CString)
      for (index, character) in text.prefix(size).enumerated() { reason?[index] = character }
      return -1
    }
    #expect(failure == "Cairo is not installed: libcairo.so.2: cannot open shared object file")
    #expect(sharedLibraryFailure("Cairo") { _, _ in 0 } == nil)
  }
}
