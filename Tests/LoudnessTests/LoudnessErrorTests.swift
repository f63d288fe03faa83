import Loudness
import Testing

@Suite struct LoudnessErrorTests {
  @Test func anErrorSaysWhatCouldNotBeDone() {
    #expect(
      LoudnessError(operation: "measure loudness", reason: "no audio").description
        == "cannot measure loudness: no audio")
  }
}
