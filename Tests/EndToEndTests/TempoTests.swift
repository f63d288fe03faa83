import Foundation
import TestSupport
import Testing

/// `--tempo BPM` and `--speed FACTOR` on every command that reads a song.
@Suite struct TempoTests {
  static let band = "Examples/midi/ode-to-joy-band.mid"

  @Test func aMIDIFilePlayedAtHalfItsTempoLastsTwiceAsLongWithItsTempiInProportion() throws {
    let result = try run(["info", Self.band, "--tempo", "60"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("\(Self.band): MIDI, 64.958 s, 94 taps") == true)
    #expect(
      lines.filter { $0.hasPrefix("tempo:") } == [
        "tempo: 60 quarter notes a minute from 0.000 s",
        "tempo: 55 quarter notes a minute from 60.000 s",
        "tempo: 50 quarter notes a minute from 61.091 s",
        "tempo: 45 quarter notes a minute from 62.291 s",
      ])
  }

  @Test func aSpeedMovesEveryTapToItsExactFrame() throws {
    let score = try temporaryScore("tempo 90\nC D E F\n")
    let result = try run(["events", score, "--speed", "1.5"])
    #expect(
      result.stdout == """
        frame,seconds,key,gain,line
        0,0.000000,C,1,2
        21333,0.444444,D,1,2
        42667,0.888889,E,1,2
        64000,1.333333,F,1,2

        """)
  }

  @Test func aConvertedSongKeepsTheTempoAskedForAndRendersAsTheSongWould() throws {
    let folder = try temporaryFolder()
    let score = folder + "/band.xylo"
    #expect(try run(["convert", Self.band, "--tempo", "60", "-o", score, "--quiet"]).status == 0)
    #expect(try run(["render", score, "-o", folder + "/a.wav", "--quiet"]).status == 0)
    let direct = ["render", Self.band, "--tempo", "60", "-o", folder + "/b.wav", "--quiet"]
    #expect(try run(direct).status == 0)
    let compared = try run(["compare", folder + "/a.wav", folder + "/b.wav"])
    #expect(compared.stdout.hasPrefix("identical: "), "\(compared.stdout)")
    // A score naming pitches below the bank becomes a MIDI file of those pitches, sped up.
    let low = try temporaryScore("tempo 60\nD4 A4\n")
    let midi = folder + "/low.mid"
    #expect(try run(["convert", low, "--speed", "2", "-o", midi, "--quiet"]).status == 0)
    let events = try run(["events", midi, "--octaves", "note", "--out-of-range", "skip"])
    #expect(events.stdout.split(separator: "\n").dropFirst() == ["24000,0.500000,A4,1,2"])
  }

  @Test(arguments: [
    (["--tempo", "0"], "--tempo needs beats a minute from 1 to 10000, got '0'"),
    (["--speed", "200"], "--speed needs a factor from 0.01 to 100, got '200'"),
    (
      ["--tempo", "80", "--speed", "2"],
      "--tempo and --speed both set how fast the song plays; give one"
    ),
  ])
  func aBadTempoIsAUsageError(_ extra: [String], _ message: String) throws {
    let result = try run(["check", "Examples/scores/twinkle.xylo"] + extra)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("xylo-render: error: \(message)\n"))
  }
}

/// A tempo is named in the beat its source counts.
@Suite struct TempoBeatTests {
  @Test func anABCTempoInHalfNotesIsNamedSo() throws {
    let tune = try temporaryScore(
      "X:1\nT:Reel\nM:2/2\nL:1/8\nQ:1/2=112\nK:D\nd2 f2 a2 f2 |\nQ:3/8=60\nd4 |]\n",
      name: "reel.abc")
    let result = try run(["info", tune])
    let tempi = result.stdout.split(separator: "\n").filter { $0.hasPrefix("tempo:") }
    #expect(
      tempi == [
        "tempo: 112 half notes a minute (224 quarter notes) from 0.000 s",
        "tempo: 60 dotted quarter notes a minute (90 quarter notes) from 1.071 s",
      ])
  }
}
