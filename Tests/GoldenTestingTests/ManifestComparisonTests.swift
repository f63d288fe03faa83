import Foundation
import GoldenReports
import TestSupport
import Testing

@testable import GoldenTesting
@testable import Rendering

/// What the manifests recorded with a golden and made of a render say changed: a setting, a
/// tempo (and the taps it moved), a sample of the bank.
@Suite struct ManifestComparisonTests {
  private func manifest(_ text: String, options: SoundOptions = SoundOptions()) throws
    -> RenderManifest
  {
    try Song(text: text, options: options).renderWithManifest(
      to: .file(try temporaryFolder() + "/s.wav")
    ).manifest
  }

  private func line(_ change: ManifestChange) -> String {
    GoldenTestResult(test: GoldenTest(score: "s.xylo"), outcome: .failed, seconds: 0)
      .describe(change)
  }

  private let song = "tempo 120\nC D\ntempo 90\nE F G A\ntempo 140\nB C\n"

  @Test func aTempoChangeMovesTheTapsAfterItInProportionAndThoseAfterTheNextByOneShift() throws {
    let old = try manifest(song)
    let new = try manifest(song.replacingOccurrences(of: "tempo 90", with: "tempo 96"))
    let (changes, explained) = compareManifests(old, new)
    let shift = TempoShift(
      line: 3, fromBPM: "90", toBPM: "96", frame: 48_000, proportionalTaps: 3, shiftedTaps: 2,
      shiftFrames: -8_000)
    #expect(changes == [.tempo(shift)])
    #expect(explained == [3, 4, 5, 6, 7])
    #expect(
      line(.tempo(shift))
        == "tempo 90 → 96 from line 3: 3 taps after it moved proportionally; 2 taps after the next tempo moved by -8000 frames"
    )
  }

  @Test func aTapThatChangedOtherwiseIsLeftForTheTapListing() throws {
    let old = try manifest(song)
    let new = try manifest(
      song.replacingOccurrences(of: "tempo 90", with: "tempo 96").replacingOccurrences(
        of: "B C", with: "B*0.5 C"))
    let (changes, explained) = compareManifests(old, new)
    guard case .tempo(let shift)? = changes.first else {
      Issue.record("no tempo change in \(changes)")
      return
    }
    #expect(shift.proportionalTaps == 3 && shift.shiftedTaps == 1)
    #expect(explained == [3, 4, 5, 7])
  }

  @Test func aChangedSampleWithNoTapMovedIsNamed() throws {
    let old = try manifest("C E G\nE")
    var new = old
    new.samples[1].hash = String(repeating: "f", count: 64)
    let (changes, explained) = compareManifests(old, new)
    let change = ManifestChange.sample(
      key: "E", layer: 0, fromHash: old.samples[1].hash, toHash: new.samples[1].hash,
      tapsMoved: 0)
    #expect(changes == [change])
    #expect(explained.isEmpty)
    #expect(
      line(change)
        == "the bank's E sample changed (hash \(old.samples[1].hash.prefix(8)) → ffffffff); no tap moved"
    )
  }

  /// Every sample changes with the rate: the rate is the news, not the samples.
  @Test func aChangedRateIsASettingAndNotEverySample() throws {
    let old = try manifest("C E G")
    let new = try manifest("C E G", options: SoundOptions(rate: 44_100))
    let (changes, _) = compareManifests(old, new)
    #expect(changes == [.setting(name: "rate", from: "48000", to: "44100")])
    #expect(line(changes[0]) == "setting rate: 48000 → 44100")
  }

  @Test func settingsAndTheToolsVersionAreComparedByName() throws {
    let old = try manifest("C E G")
    var new = try manifest(
      "C E G", options: SoundOptions(level: .gain(decibels: -0.5), polyphony: 2))
    new.tool.version = "9.9.9"
    #expect(
      compareManifests(old, new).changes == [
        .setting(name: "gain_db", from: "0", to: "-0.5"),
        .setting(name: "polyphony", from: "(not set)", to: "2"),
        .toolVersion(from: xyloRenderVersion, to: "9.9.9"),
      ])
  }
}
