import MediaEncoding
import Testing

@Suite struct EncodingErrorTests {
  @Test func anErrorNamesTheFileTheReasonAndTheStep() {
    #expect(
      EncodingError(operation: "writing the header", path: "t.m4r", reason: "No space left")
        .description == "cannot write 't.m4r': No space left (writing the header)")
  }
}
