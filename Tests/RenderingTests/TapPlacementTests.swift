import Mixer
import Rendering
import ScoreParser
import Testing

@Suite struct ScheduleTests {
  private func rows(_ text: String, rate: Int64) throws -> [String] {
    let score = try #require(parseScore(text).score)
    return try schedule(score, rate: rate).map { "\($0.frame) \($0.tap.key) \($0.tap.line)" }
  }

  @Test func tapsAreOrderedByFrameThenTextOrder() throws {
    // At 1000 Hz, 0.0004 s and 0.0001 s both land on frame 0; text order decides.
    #expect(
      try rows("0.0004 E\n0.0001 C\n0 G", rate: 1000) == ["0 E 1", "0 C 2", "0 G 3"])
  }

  @Test func theSameScoreLandsOnRateDependentFrames() throws {
    #expect(try rows("tempo 97.5\nC D", rate: 44_100) == ["0 C 2", "27138 D 2"])
    #expect(try rows("tempo 97.5\nC D", rate: 48_000) == ["0 C 2", "29538 D 2"])
  }

  @Test func aRateOfZeroIsRefused() throws {
    let score = try #require(parseScore("C").score)
    #expect(throws: ScheduleError.invalidRate(0)) { try schedule(score, rate: 0) }
  }

  @Test func aFrameThatDoesNotFitIsRefusedNotWrapped() throws {
    let score = try #require(
      parseScore("80000 C", options: ParseOptions(maxDuration: Rational(100_000))).score)
    #expect(throws: ScheduleError.frameOverflow(score.taps[0])) {
      try schedule(score, rate: Int64.max / 2)
    }
  }
}

@Suite struct MixTapTests {
  @Test func mixTapsFollowTheScheduleExactly() throws {
    let text = "0.0004 E*0.5\n0.0001 C\n0 G\n[C D:1/3]x40\n0.5 E+G"
    let score = try #require(parseScore(text).score)
    let keys = ["C", "D", "E", "G"]
    let expected = try schedule(score, rate: 1_000).map {
      MixTap(
        frame: $0.frame, sampleIndex: keys.firstIndex(of: $0.tap.key) ?? -1,
        gain: Float($0.tap.gain))
    }
    let lean = try mixTaps(for: score, rate: 1_000) { key, gain, _ in
      (keys.firstIndex(of: key) ?? -1, gain)
    }
    #expect(lean == expected)
    #expect(lean.prefix(3).map(\.sampleIndex) == [2, 0, 3])
  }
}
