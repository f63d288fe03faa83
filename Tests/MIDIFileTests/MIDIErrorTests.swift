import MIDIFile
import Testing

@Suite struct MIDIErrorTests {
  @Test func anErrorSaysWhereAsPreciselyAsItKnows() {
    #expect(MIDIError(offset: 22, track: 2, message: "x").description == "byte 22 (track 2): x")
    #expect(MIDIError(offset: 0, message: "x").description == "byte 0: x")
    #expect(MIDIError(track: 3, message: "x").description == "track 3: x")
    #expect(MIDIError(message: "x").description == "x")
  }
}
