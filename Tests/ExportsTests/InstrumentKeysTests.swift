import Drawing
import Rendering
import SampleBank
import Testing

@testable import Exports

/// `instrumentKeys`: the bars a video draws for a song, and the bar each sample strikes.
@Suite struct InstrumentKeysTests {
  /// Every sample of the plan strikes the bar of its pitch.
  private func expectSamplesStrikeTheirPitch(_ plan: RenderPlan, _ keys: [DrawnKey], _ bars: [Int?])
  {
    #expect(bars.count == plan.keys.count)
    for (title, bar) in zip(plan.keys, bars) {
      #expect(bar.map { keys[$0].midiNote } == midiNote(ofTitle: title), "\(title)")
    }
  }

  @Test func aSongOfAtMostEightKeysIsTheAppsSevenButtonsAndTheKeysItPlays() throws {
    let plan = try Song(text: "C5 E5 G5 C E G HighC F#6").plan()
    let (keys, arrangement, bars) = instrumentKeys(plan)
    #expect(arrangement == .buttons)
    #expect(
      keys.map(\.title) == ["C5", "E5", "G5", "C", "D", "E", "F", "F#6", "G", "A", "B", "HighC"])
    expectSamplesStrikeTheirPitch(plan, keys, bars)
  }

  @Test func aSongOfMoreThanEightKeysIsAXylophoneOfItsRangeLabelledByPitch() throws {
    // Nine keys from B4 to E6 (the app's E), two sharps.
    let plan = try Song(text: "B4 C5 D5 D#5 E5 G5 A#5 C6 E").plan()
    let (keys, arrangement, bars) = instrumentKeys(plan)
    #expect(arrangement == .xylophone)
    #expect(
      keys.map(\.title) == [
        "B4", "C5", "D5", "D#5", "E5", "F5", "G5", "A5", "A#5", "B5", "C6", "D6", "E6",
      ])
    expectSamplesStrikeTheirPitch(plan, keys, bars)
  }
}
