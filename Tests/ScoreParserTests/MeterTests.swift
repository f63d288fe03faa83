import Testing

@testable import ScoreParser

@Suite struct MeterTests {
  @Test func aMeterIsSetWhereTheCursorStandsAndARepeatOfItIsLeftOut() throws {
    let text = "meter 6/8\ntempo 60\nC:3 D:3\nmeter 6/8\nE:3\nmeter 3/4\nF\n"
    let score = try #require(parseScore(text, options: ParseOptions(keys: testTitles)).score)
    #expect(
      score.meterChanges == [
        MeterChange(time: .zero, numerator: 6, denominator: 8),
        MeterChange(time: Rational(9), numerator: 3, denominator: 4),
      ])
    #expect(score.meterChanges.map(\.beatsPerBar) == [Rational(3), Rational(3)])
    #expect(MeterChange(time: .zero, numerator: 7, denominator: 8).beatsPerBar == Rational(7, 2))
  }

  @Test func aMalformedMeterIsAnErrorAtItsWord() {
    #expect(
      headlines("meter 6/9\nC\n") == [
        "s.xylo:1:7: error: '6/9' is not a meter: 1 to 64 notes of 1, 2, 4, 8, 16, 32 or 64, as in 'meter 3/4' or 'meter 6/8'"
      ])
    #expect(
      headlines("meter\nC\n") == [
        "s.xylo:1:1: error: 'meter' needs beats and a note value, as in 'meter 3/4' or 'meter 6/8'"
      ])
    #expect(headlines("meter 0/4\n").count == 1)
    #expect(headlines("meter 3/4 C\n").count == 1)
  }

  @Test func aBarLineMidBarIsAWarningAtItsColumnAndTheScoreStillPlays() throws {
    let text = "meter 3/4\nC D E | F G | A B C |\n[C:3 |]x2\n0.5 C | D\n"
    let result = parseScore(text, options: ParseOptions(keys: testTitles))
    #expect(result.score?.taps.count == 12)
    #expect(
      result.diagnostics.map { $0.headline(path: "s.xylo") } == [
        "s.xylo:2:13: warning: bar line 2 beats into a bar of 3 (the meter's); it belongs where a bar ends",
        "s.xylo:2:21: warning: bar line 2 beats into a bar of 3 (the meter's); it belongs where a bar ends",
        "s.xylo:3:6: warning: bar line 2 beats into a bar of 3 (the meter's); it belongs where a bar ends",
      ])
    // Without a meter, and after a timestamp, bar lines are free.
    #expect(headlines("C D | E\n").isEmpty)
    #expect(headlines("meter 6/8\nC:3/2 D:3/2 | E:3 |\n").isEmpty)
  }

  @Test func meterIsReservedAndNoKeyTitle() {
    #expect(Keyword.named("meter") == .meter)
    #expect(!isKeyTitle("meter"))
  }
}

@Suite struct ExcerptTests {
  private let score = parseScore(
    "tempo 60\nmeter 3/4\nC D E | F G A |\ntempo 120\nB C D | E:3 |\n",
    options: ParseOptions(keys: testTitles)
  ).score

  @Test func barsStartOnTheMeterAcrossTempoChanges() throws {
    let score = try #require(score)
    #expect(score.startOfBar(1) == .zero)
    #expect(score.startOfBar(2) == Rational(3))
    #expect(score.startOfBar(3) == Rational(6))
    #expect(score.startOfBar(4) == Rational(15, 2))
    #expect(score.startOfBar(6) == nil)
  }

  @Test func anExcerptKeepsItsTapsMovedToZeroAndTheTempoInForce() throws {
    let part = try #require(score).excerpt(from: Rational(3), to: Rational(15, 2))
    #expect(part.taps.map(\.key) == ["F", "G", "A", "B", "C", "D"])
    let half = Rational(1, 2) ?? .zero
    #expect(
      part.taps.map(\.time) == [
        Rational(0), Rational(1), Rational(2), Rational(3), Rational(3).adding(half),
        Rational(4),
      ])
    #expect(part.duration == Rational(9, 2))
    #expect(
      part.tempoChanges == [
        TempoChange(time: .zero, beatsPerMinute: Rational(60), line: 1),
        TempoChange(time: Rational(3), beatsPerMinute: Rational(120), line: 4),
      ])
    #expect(part.meterChanges == [MeterChange(time: .zero, numerator: 3, denominator: 4)])
  }
}
