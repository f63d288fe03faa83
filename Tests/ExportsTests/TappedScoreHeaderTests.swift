import Settings
import Testing

@testable import Exports

/// The header of the score a page records: how to render the taps again.
@Suite struct TappedScoreHeaderTests {
  @Test func aSoundFontsPresetIsNamedBesideItsBank() {
    let header = tappedScoreHeader(
      title: "Song",
      options: SoundOptions(bank: "/fonts/gm.sf2", preset: PresetNumber(program: 13)), rate: 44_100,
      polyphonic: true)
    #expect(
      header == """
        # Tapped along with 'Song' on its xylo-render page
        # The keys played preset 13 of the bank 'gm.sf2': give the same --bank and --preset 13 to render them
        title Song (tapped along)
        options --rate 44100 --tail 0

        """)
  }
}
