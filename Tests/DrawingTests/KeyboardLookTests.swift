import Testing

@testable import Drawing

/// `KeyboardLook`: the one description of the keys' colours every output reads.
@Suite struct KeyboardLookTests {
  @Test(
    arguments: [
      (84, 0xE53935), (86, 0xFB8C00), (95, 0x8E24AA), (60, 0xE53935), (59, 0x8E24AA),
      // A sharp: halfway between its neighbours, a quarter of the way to black.
      (85, 0xB44A14), (61, 0xB44A14), (94, 0x414196),
    ])
  func aKeysColourIsItsPitchClasssAndASharpsIsBetweenItsNeighbours(note: Int, colour: UInt32) {
    #expect(KeyboardLook.colour(ofMIDINote: note) == colour)
    #expect(DrawnKey(title: "", midiNote: note).colour.hex == colour)
  }

  @Test func aPageGetsEveryColourAsCSSHex() {
    let colours = KeyboardLook.colours(
      of: DrawnKey(title: "E", midiNote: 88), over: KeyboardLook.backgroundGradient.top)
    #expect(KeyboardLook.cssHex(colours.key) == "#FDD835")
    #expect(KeyboardLook.cssHex(colours.resting.label) == "#000000")
    #expect(KeyboardLook.cssHex(0x0A0D14) == "#0A0D14")
    #expect(colours.resting.alpha == KeyboardLook.restingAlpha)
    #expect(colours.dimmed.alpha == KeyboardLook.dimmedAlpha)
  }

  @Test func thePianoRollsKeysAreTheLooksColours() {
    #expect(Palette.keys.map(\.hex) == KeyboardLook.keyColours)
  }
}
