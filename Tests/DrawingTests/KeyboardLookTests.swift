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

  /// The app's seven keys, C6 to B6.
  private static let appKeys = zip("CDEFGAB", [84, 86, 88, 89, 91, 93, 95]).map {
    DrawnKey(title: String($0), midiNote: $1)
  }

  @Test func aPagesButtonsHaveTheVideosProportions() {
    let shapes = KeyboardLook.buttonShapes(of: Self.appKeys)
    #expect(shapes[0] == ButtonShape(length: 0.88, thickness: 1, labelSize: 0.42))
    // Each as long, relative to the frame's width, as the video draws it.
    let layout = InstrumentLayout(keys: Self.appKeys, width: 1_000, height: 800, hasTitle: true)
    for (shape, bar) in zip(shapes, layout.bars) {
      #expect(abs(shape.length - bar.width / 1_000) < 1e-12)
      #expect(abs(shape.labelSize * bar.height - layout.labelSize) < 1e-9)
    }
    let sharp = KeyboardLook.buttonShapes(of: [DrawnKey(title: "C#6", midiNote: 85)])
    #expect(sharp == [ButtonShape(length: 0.88, thickness: 0.55, labelSize: 0.315)])
    #expect(KeyboardLook.buttonGap == 0.16)
  }

  @Test func aPageJudgesEachLabelAgainstItsBarOverTheWholeGradient() {
    #expect(KeyboardLook.gradientColour(at: 0) == KeyboardLook.backgroundGradient.top)
    #expect(KeyboardLook.gradientColour(at: 1) == KeyboardLook.backgroundGradient.bottom)
    #expect(KeyboardLook.gradientColour(at: 0.5) == 0x1A1E2D)
    let labels = Self.appKeys.map { key in
      let colours = KeyboardLook.coloursOverGradient(of: key)
      return [colours.resting.label, colours.dimmed.label]
    }
    // D and E black at rest; D white when dimmed; E black; the others white.
    #expect(
      labels == [
        [0xFFFFFF, 0xFFFFFF], [0x000000, 0xFFFFFF], [0x000000, 0x000000], [0xFFFFFF, 0xFFFFFF],
        [0xFFFFFF, 0xFFFFFF], [0xFFFFFF, 0xFFFFFF], [0xFFFFFF, 0xFFFFFF],
      ])
    for key in Self.appKeys {
      let colours = KeyboardLook.coloursOverGradient(of: key)
      #expect(colours.resting.contrast >= Contrast.minimumForText, "\(key.title)")
      #expect(colours.resting.bar == KeyboardLook.colours(of: key, over: 0x1A1E2D).resting.bar)
    }
  }
}
