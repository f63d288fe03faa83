import ScoreParser
import Testing

@Suite struct ScoreTextTests {
  private func beats(_ n: Int64, _ d: Int64 = 1) -> Rational { Rational(n, d) ?? .zero }

  @Test func chordsLengthsGainsTemposAndBarsAreWrittenReadably() {
    let song = BeatSong(
      title: "Test",
      events: [
        .tempo(beat: .zero, beatsPerMinute: Rational(90)),
        .tap(beat: .zero, key: "C6", gain: .one),
        .tap(beat: .zero, key: "E6", gain: .one),
        .tap(beat: beats(1), key: "G6", gain: beats(100, 127)),
        .tap(beat: beats(3, 2), key: "C7", gain: beats(1, 2)),
        .tap(beat: beats(3, 2), key: "E7", gain: .one),
        .tempo(beat: beats(4), beatsPerMinute: beats(1_000_000, 8_333)),
        .tap(beat: beats(5), key: "D6", gain: .one),
      ], endBeat: beats(6))
    #expect(
      scoreText(song) == """
        title Test
        tempo 90
        C6+E6 G6:0.5*100/127 C7:0*0.5 E7:2.5 |
        tempo 1000000/8333
        . D6

        """)
  }

  /// The text reads back as taps at exactly the song's times.
  @Test func theTextReadsBackToTheSameTaps() throws {
    let song = BeatSong(
      events: [
        .tap(beat: .zero, key: "C", gain: .one),
        .tap(beat: beats(1, 3), key: "D", gain: beats(64, 127)),
        .meter(beat: beats(2), numerator: 3, denominator: 4),
        .tempo(beat: beats(2), beatsPerMinute: beats(195, 2)),
        .tap(beat: beats(7, 3), key: "E", gain: .one),
        .tap(beat: beats(11), key: "F", gain: .one),
      ], endBeat: beats(12))
    let score = try #require(parseScore(scoreText(song)).score)
    let second = 60 / 97.5
    #expect(score.taps.map(\.key) == ["C", "D", "E", "F"])
    #expect(score.taps[0].time == .zero)
    #expect(score.taps[1].time == Rational(1, 6))  // a third of a beat at 120
    // Two beats at 120 (1 s), then a third of a beat at 97.5.
    #expect(score.taps[2].time == Rational(1).adding(Rational(40, 195) ?? .zero))
    #expect(abs(score.taps[3].time.doubleValue - (1 + 9 * second)) < 1e-12)
    #expect(score.taps[1].gain == 64.0 / 127)
  }

  /// A bar that ends on the meter's bar line ends with `|`; one a note rings across does not,
  /// and the score reads the bar lines back without a warning.
  @Test func barsEndWithTheBarLinesTheScoreChecks() throws {
    let song = BeatSong(
      events: [
        .meter(beat: .zero, numerator: 3, denominator: 4),
        .tap(beat: .zero, key: "C", gain: .one), .tap(beat: beats(1), key: "D", gain: .one),
        .tap(beat: beats(2), key: "E", gain: .one), .tap(beat: beats(3), key: "F", gain: .one),
        .tap(beat: beats(4), key: "G", gain: .one), .tap(beat: beats(7), key: "A", gain: .one),
        .tap(beat: beats(8), key: "B", gain: .one),
      ], endBeat: beats(9))
    let text = scoreText(song)
    #expect(
      text == """
        meter 3/4
        C D E |
        F G:3
        A B |

        """)
    let result = parseScore(text)
    #expect(result.score?.taps.count == 7)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
  }

  /// Bar lines follow the meter the text states: a meter it cannot state (65/4) breaks the
  /// lines at its bars but writes no `|` that the stated 4/4 would find mid-bar.
  @Test func aMeterTheTextCannotStateGetsNoBarLines() throws {
    let song = BeatSong(
      events: [
        .meter(beat: .zero, numerator: 2, denominator: 4),
        .tap(beat: .zero, key: "C", gain: .one), .tap(beat: beats(1), key: "D", gain: .one),
        .meter(beat: beats(2), numerator: 65, denominator: 64),
        .tap(beat: beats(2), key: "E", gain: .one),
        .tap(beat: beats(2).adding(beats(65, 16)) ?? .zero, key: "F", gain: .one),
      ], endBeat: beats(8))
    let text = scoreText(song)
    #expect(text.split(separator: "\n").filter { $0.hasSuffix("|") }.count == 1, "\(text)")
    #expect(parseScore(text).diagnostics.isEmpty, "\(text)")
  }

  /// The most common gain is stated once, in a `gain` line; only the other taps carry theirs,
  /// and the text reads back to the same gains.
  @Test func theMostCommonGainIsAGainLineAndOnlyOtherGainsAreWritten() throws {
    let soft = beats(80, 127)
    let song = BeatSong(
      events: [
        .tempo(beat: .zero, beatsPerMinute: Rational(100)),
        .tap(beat: .zero, key: "C", gain: soft), .tap(beat: .zero, key: "E", gain: .one),
        .tap(beat: .zero, key: "G", gain: soft), .tap(beat: beats(1), key: "D", gain: soft),
        .tap(beat: beats(2), key: "E", gain: soft),
      ], endBeat: beats(4))
    let text = scoreText(song)
    #expect(
      text == """
        tempo 100
        gain 80/127
        C+G:0 E*1 D E:2 |

        """)
    let score = try #require(parseScore(text).score)
    let gain: Double = 80.0 / 127
    let expected: [Double] = [gain, gain, 1, gain, gain]
    #expect(score.taps.map(\.gain) == expected)
  }

  /// Parts of one tempo and meter are written one after the other as voices from time 0, each
  /// with its own gain, and read back to the same taps in the same voices.
  @Test func partsOfOneTempoAndMeterAreWrittenAsVoices() throws {
    let song = BeatSong(
      title: "Duet",
      events: [
        .tempo(beat: .zero, beatsPerMinute: Rational(90)),
        .meter(beat: .zero, numerator: 3, denominator: 4),
        .tap(beat: .zero, key: "E6", gain: beats(96, 127), part: 1),
        .tap(beat: .zero, key: "C5", gain: beats(64, 127), part: 2),
        .tap(beat: beats(1), key: "G6", gain: beats(96, 127), part: 1),
        .tap(beat: beats(2), key: "C7", gain: beats(96, 127), part: 1),
        .tempo(beat: beats(3), beatsPerMinute: Rational(90)),
        .tap(beat: beats(3), key: "D6", gain: .one, part: 1),
        .tap(beat: beats(3), key: "G4", gain: beats(64, 127), part: 2),
      ], endBeat: beats(6), parts: ["conductor", "Melody #1", "Bass"])
    let text = scoreText(song)
    #expect(
      text == """
        title Duet
        voice Melody 1
        tempo 90
        meter 3/4
        gain 96/127
        E6 G6 C7 |
        D6:3*1 |
        voice Bass
        0
        meter 3/4
        gain 64/127
        C5:3 |
        G4:3 |

        """)
    let result = parseScore(text)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let score = try #require(result.score)
    let second = Rational(2, 3) ?? .zero
    #expect(score.taps.map(\.key) == ["E6", "C5", "G6", "C7", "D6", "G4"])
    let times: [Rational?] = [.zero, .zero, second, Rational(4, 3), Rational(2), Rational(2)]
    #expect(score.taps.map(\.time) == times.map { $0 ?? .zero })
    let voices = score.taps.map { score.voiceName($0.voice) }
    #expect(voices == ["Melody 1", "Bass", "Melody 1", "Melody 1", "Melody 1", "Bass"])
    #expect(score.tempoChanges.count == 1 && score.meterChanges.count == 1)
  }
}
