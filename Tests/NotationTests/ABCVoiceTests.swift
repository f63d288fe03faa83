import Notation
import Testing

/// Voices (`V:`) as parts, named by `name=` or their id; overlays (`&`) as a part's channels.
@Suite struct ABCVoiceTests {
  @Test func voicesDefinedInTheHeaderArePartsNamedByTheirNames() throws {
    let text = """
      X:1
      T:Round
      M:2/4
      L:1/4
      V:S name="Soprano" clef=treble
      V:A nm="Alto"
      K:C
      V:S
      c d |
      V:A
      E F |
      V:S
      e f |
      V:A
      G A |
      """
    let song = try readABCText(text).song
    #expect(song.tracks.map(\.name) == ["Soprano", "Alto"])
    #expect(
      placedNotes(song).map(\.description).joined(separator: " ")
        == "0:72 0:64@2.1 1:74 1:65@2.1 2:76 2:67@2.1 3:77 3:69@2.1")
  }

  @Test func inlineVoiceSwitchesAndVoicesWithoutNamesTakeTheirIds() throws {
    let text = "X:1\nL:1/4\nK:C\n[V:1] c d | [V:2] C, D, |\n"
    let song = try readABCText(text).song
    #expect(song.tracks.map(\.name) == ["1", "2"])
    #expect(placedNotes(song).map(\.description) == ["0:72", "0:48@2.1", "1:74", "1:50@2.1"])
  }

  @Test func aTuneOfOneVoiceIsAPartNamedByItsTitle() throws {
    let song = try readABCText(tune("c d")).song
    #expect(song.tracks.map(\.name) == ["Test"])
    #expect(song.title == "Test")
  }

  @Test func anOverlayPlaysFromTheBarsStartOnTheNextChannel() throws {
    #expect(
      try notesText("c d & E F | g", header: "M:2/4\nL:1/4\nK:C")
        == "0:72 0:64@1.2 1:74 1:65@1.2 2:79")
  }
}
