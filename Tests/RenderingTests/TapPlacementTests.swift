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

  @Test func aKeyStruckTwiceOnOneFrameSoundsOnceAtItsStrongestTap() throws {
    // E*0.5 and E*0.8 land on frame 0 with C between: the stronger E stands where the first
    // did; C+C is one C; a tap a frame later stays.
    let text = "0.0004 E*0.5\n0.0001 C\n0 E*0.8\n1 C+C*0.3\n1.001 C"
    let score = try #require(parseScore(text).score)
    let placed = try schedule(score, rate: 1_000)
    #expect(
      placed.map { "\($0.frame) \($0.tap.key) \($0.tap.gain) \($0.tap.line)" } == [
        "0 E 0.8 3", "0 C 1.0 2", "1000 C 0.3 4", "1001 C 1.0 5",
      ])
    let (_, merged) = try mixTaps(for: score, rate: 1_000) { _, gain, _ in (0, gain) }
    #expect(merged == 2)
    // At 100 Hz the last two C land on one frame too.
    #expect(try schedule(score, rate: 100).count == 3)
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
    let (lean, merged) = try mixTaps(for: score, rate: 1_000) { key, gain, _ in
      (keys.firstIndex(of: key) ?? -1, gain)
    }
    #expect(lean == expected)
    #expect(merged == 0)
    #expect(lean.prefix(3).map(\.sampleIndex) == [2, 0, 3])
  }
}
