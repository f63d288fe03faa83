import Testing

@testable import Drawing

@Suite struct LevelRampTests {
  @Test(arguments: [
    (-120.0, 0x000004 as UInt32), (-200, 0x000004), (-.infinity, 0x000004), (.nan, 0x000004),
    (-60, 0xBC3754), (0, 0xFCFFA4), (6, 0xFCFFA4),
  ])
  func levelsMapToInfernoFromDarkToBright(decibels: Double, hex: UInt32) {
    #expect(LevelRamp.colour(decibels: decibels) == Colour(hex: hex))
  }

  @Test func betweenStopsTheColourIsMixed() {
    let colour = LevelRamp.colour(decibels: -114)
    #expect(colour == Colour(hex: 0x000004).mixed(with: Colour(hex: 0x160B39), by: 0.5))
  }

  @Test func theKeysRunFromCRedToBPurple() {
    #expect(Palette.keys.count == 7)
    #expect(Palette.difference == Colour(hex: 0xE53935))
    #expect(Palette.marker == Colour(hex: 0x8E24AA))
  }
}
