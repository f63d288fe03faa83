import Foundation
import TestSupport
import Testing

/// `xylo-render info`: what a file holds, as text and as JSON.
@Suite struct InfoTests {
  static let band = "Examples/midi/ode-to-joy-band.mid"

  @Test func aMIDIFilesTracksTempiAndMeterAreListed() throws {
    let result = try run(["info", Self.band])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        \(Self.band): MIDI, 32.479 s, 94 taps on 6 keys (88 struck: 6 unisons merged)
        title: Ode to Joy (band)
        tempo: 120 quarter notes a minute from 0.000 s
        tempo: 110 quarter notes a minute from 30.000 s
        tempo: 100 quarter notes a minute from 30.545 s
        tempo: 90 quarter notes a minute from 31.145 s
        meter: 4/4 from 0.000 s
        TRACK  NAME                  INSTRUMENT            CHANNELS  NOTES  RANGE    OCTAVES  DRUMS  FOLDED  UNPLAYABLE
        1      Ode to Joy (band)     -                     -         0      -        0        0      0       0
        2      Theme                 -                     1         62     G4-G5    0        0      0       0
        3      Bass                  -                     2         32     G2-C3    +2       0      0       0
        4      Drums                 -                     10        128    C2-F#2   0        128    0       0

        """)
  }

  @Test func jsonCarriesTheSameAndAScoreHasNoTracks() throws {
    let midi = try run(["info", Self.band, "--json", "--track", "2"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(midi.stdout.utf8)) as? [String: Any])
    #expect(object["taps"] as? Int == 62)
    let tracks = try #require(object["tracks"] as? [[String: Any]])
    #expect(tracks.count == 4)
    #expect(tracks[2]["folded_notes"] as? Int == 0 && tracks[2]["lowest"] as? String == "G2")
    #expect(tracks[2]["octaves"] as? Int == 2)
    #expect(tracks[3]["drum_notes"] as? Int == 128)
    let score = try run(["info", "Examples/scores/twinkle.xylo", "--json"])
    let scoreObject = try #require(
      try JSONSerialization.jsonObject(with: Data(score.stdout.utf8)) as? [String: Any])
    #expect(scoreObject["kind"] as? String == "score")
    #expect(scoreObject["seconds"] as? Double == 28.8)
    #expect((scoreObject["tracks"] as? [Any])?.isEmpty == true)
  }

  @Test func aScoresMeterSurvivesConversionToMIDIAsATimeSignature() throws {
    let folder = try temporaryFolder()
    let convert = try run([
      "convert", "Examples/scores/row-your-boat.xylo", "-o", folder + "/r.mid",
    ])
    #expect(convert.status == 0)
    let info = try run(["info", folder + "/r.mid"]).stdout.split(separator: "\n")
    #expect(info.contains("meter: 6/8 from 0.000 s"))
    #expect(try run(["info", "Examples/scores/row-your-boat.xylo"]).stdout.contains("meter: 6/8"))
    // And back: the score text states it, and the taps land on the same frames.
    _ = try run(["convert", folder + "/r.mid", "-o", folder + "/r.xylo", "--quiet"])
    let text = try String(contentsOfFile: folder + "/r.xylo", encoding: .utf8)
    #expect(text.contains("\nmeter 6/8\n"))
    let frames = { (path: String) in
      try run(["events", path]).stdout.split(separator: "\n").map { $0.prefix { $0 != "," } }
    }
    #expect(try frames(folder + "/r.xylo") == frames("Examples/scores/row-your-boat.xylo"))
  }

  @Test func aBarLineMidBarIsWarnedWithItsLineAndCaretAndTheScoreStillChecks() throws {
    let result = try run(["check", "-"], input: "meter 3/4\nC D E F | G A\n")
    #expect(result.status == 0)
    #expect(
      result.stderr == """
        <stdin>:2:9: warning: bar line 1 beat into a bar of 3 (the meter's); it belongs where a bar ends
        C D E F | G A
                ^

        """)
    #expect(result.stdout == "<stdin>: 6 taps, 6 keys, 3.000 s\n")
  }

  @Test func startAndEndPlayThePartBetweenBarsAsIfWrittenAlone() throws {
    let folder = try temporaryFolder()
    let part = try run([
      "render", "Examples/scores/row-your-boat.xylo", "-o", folder + "/part.wav", "--start",
      "bar:5", "--end", "bar:7",
    ])
    #expect(part.status == 0, "\(part.stderr)")
    let alone = try file(
      "alone.xylo", in: folder,
      holding: Array(
        "meter 6/8\ntempo 100\nHighC:1/2 HighC:1/2 HighC:1/2 G:1/2 G:1/2 G:1/2 | E:1/2 E:1/2 E:1/2 C:1/2 C:1/2 C:1/2 |\n"
          .utf8))
    _ = try run(["render", alone, "-o", folder + "/alone.wav", "--quiet"])
    let same = try run(["compare", folder + "/alone.wav", folder + "/part.wav"])
    #expect(same.status == 0, "\(same.stdout)")
    let past = try run([
      "ringtone", "Examples/scores/twinkle.xylo", "-o", folder + "/x.ogg", "--start", "bar:99",
    ])
    #expect(past.status == 1)
    #expect(
      past.stderr
        == "xylo-render: error: --start bar:99 is past the song's end; it has fewer bars\n")
  }

  @Test func aBrokenFileIsAnErrorWithItsName() throws {
    let result = try run(["info", "-"], input: "C D Q\n")
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("<stdin>:1:5: error: unknown key 'Q'"))
  }
}
