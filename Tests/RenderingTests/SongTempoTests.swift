import Foundation
import Rendering
import ScoreParser
import Settings
import TestSupport
import Testing

/// `--tempo` and `--speed`: every time divided by one exact factor, tempo changes in proportion.
@Suite struct SongTempoTests {
  static let text = "tempo 100\nmeter 3/4\nC D E |\ntempo 50\nF:2 G"

  static func times(_ song: Song) -> [String] { song.score.taps.map { "\($0.time)" } }

  @Test func aTempoSetsTheFirstAndMovesTheLaterOnesInProportion() throws {
    var song = try Song(text: Self.text)
    #expect(Self.times(song) == ["0", "3/5", "6/5", "9/5", "21/5"])
    try song.changeTempo(.tempo(Rational(80)))
    #expect(Self.times(song) == ["0", "3/4", "3/2", "9/4", "21/4"])
    #expect(
      song.score.tempoChanges.map { "\($0.time) \($0.beatsPerMinute)" } == ["0 80", "9/4 40"])
    #expect(song.score.meterChanges.map(\.time) == [.zero])
    #expect(song.score.duration == Rational(27, 4))
  }

  @Test func aSpeedDividesEveryTimeExactly() throws {
    var song = try Song(text: Self.text)
    try song.changeTempo(.speed(Rational(3)))
    #expect(Self.times(song) == ["0", "1/5", "2/5", "3/5", "7/5"])
    #expect(song.score.tempoChanges.map(\.beatsPerMinute) == [Rational(300), Rational(150)])
  }

  @Test func aSongWithoutATempoIsTakenAs120AndGetsTheOneAskedFor() throws {
    var song = try Song(text: "0 C\n0.5 D\n1.5 E")
    try song.changeTempo(.tempo(Rational(60)))
    #expect(Self.times(song) == ["0", "1", "3"])
    #expect(song.score.tempoChanges == [TempoChange(time: .zero, beatsPerMinute: Rational(60))])
  }

  @Test func aSongMadeLongerThanTheLimitIsRefusedNamingIt() throws {
    var song = try Song(text: "tempo 60\nC C C C")
    #expect(
      throws: RenderError.invalidSetting(
        "at 0.0100 times its speed the song lasts 400.000 s, past the limit of 100.000 s (see --max-duration)"
      )
    ) { try song.changeTempo(.speed(Rational(1, 100) ?? .one), limit: Rational(100)) }
  }

  @Test func theSameChoiceReadingAFileRetimesItBeforeAnExcerpt() throws {
    let path = try temporaryFolder() + "/song.xylo"
    try Data(Self.text.utf8).write(to: URL(fileURLWithPath: path))
    var choices = MIDIChoices()
    choices.tempo = .speed(Rational(2))
    var song = try Song(file: path, midi: choices)
    #expect(Self.times(song) == ["0", "3/10", "3/5", "9/10", "21/10"])
    try song.select(Excerpt(start: .seconds(Rational(1, 2) ?? .zero), end: nil))
    #expect(song.score.taps.map(\.key) == ["E", "F", "G"])
  }
}
