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

  @Test func aSongOnTheAppsKeysIsTheAppsSevenButtonsTitledAsTheAppTitlesThem() throws {
    // E6 and G6 are the app's E and G; HighC is drawn because it is played.
    let plan = try Song(text: "C E6 G6 HighC").plan()
    let (keys, arrangement, bars) = instrumentKeys(plan)
    #expect(arrangement == .buttons)
    #expect(keys.map(\.title) == ["C", "D", "E", "F", "G", "A", "B", "HighC"])
    expectSamplesStrikeTheirPitch(plan, keys, bars)
    let withoutHighC = try Song(text: "C D E").plan()
    #expect(instrumentKeys(withoutHighC).keys.map(\.title) == ["C", "D", "E", "F", "G", "A", "B"])
  }

  @Test func aSongOfFewKeysBelowTheAppsIsAXylophoneOfExactlyThoseKeys() throws {
    // Eight keys, none the app's: no C..B buttons beside them.
    let plan = try Song(text: "C5 D5 E5 F5 G5 A5 B5 C6 B5 A5").plan()
    let (keys, arrangement, bars) = instrumentKeys(plan)
    #expect(arrangement == .xylophone)
    #expect(keys.map(\.title) == ["C5", "D5", "E5", "F5", "G5", "A5", "B5", "C6"])
    expectSamplesStrikeTheirPitch(plan, keys, bars)
  }

  @Test func oneKeyOutsideTheAppsMakesAXylophoneOfThePlayedKeysOnly() throws {
    // The app's C, E and G with one sharp: four bars, the app's keys by their pitch names.
    let plan = try Song(text: "C E G F#6").plan()
    let (keys, arrangement, bars) = instrumentKeys(plan)
    #expect(arrangement == .xylophone)
    #expect(keys.map(\.title) == ["C6", "E6", "F#6", "G6"])
    expectSamplesStrikeTheirPitch(plan, keys, bars)
  }

  @Test func aSongOfManyKeysIsAXylophoneOfTheKeysItPlaysLabelledAsSpelled() throws {
    // Nine keys from B4 to E6 (the app's E), two sharps, one spelled flat: F5 and A5 unplayed.
    let plan = try Song(text: "B4 C5 D5 D#5 E5 G5 Bb5 C6 E").plan()
    let (keys, arrangement, bars) = instrumentKeys(plan)
    #expect(arrangement == .xylophone)
    #expect(keys.map(\.title) == ["B4", "C5", "D5", "D#5", "E5", "G5", "Bb5", "C6", "E6"])
    expectSamplesStrikeTheirPitch(plan, keys, bars)
  }
}
