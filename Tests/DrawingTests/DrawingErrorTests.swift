import Drawing
import Testing

@Suite struct DrawingErrorTests {
  @Test func anErrorNamesThePicture() {
    #expect(
      DrawingError(path: "a.png", reason: "out of memory").description
        == "cannot draw 'a.png': out of memory")
  }
}
