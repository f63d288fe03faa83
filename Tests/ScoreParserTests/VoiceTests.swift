import ScoreParser
import Testing

/// `voice NAME`: which part each tap belongs to, for one stem per voice.
@Suite struct VoiceTests {
  /// Each tap as `time key voice-name`.
  private func voicedTaps(_ text: String) throws -> [String] {
    let result = parseScore(text, options: ParseOptions(keys: testTitles))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { $0.headline(path: "s") })")
    let score = try #require(result.score)
    return score.taps.map { tap in
      "\(tap.time.decimalString(places: 1)) \(tap.key) \(score.voiceName(tap.voice))"
    }
  }

  @Test func tapsBelongToTheLastVoiceNamedBeforeThem() throws {
    let text = """
      voice Right hand
      C D
      voice left
      0 C:2
      voice Right hand
      E
      """
    #expect(
      try voicedTaps(text) == [
        "0.0 C Right hand", "0.0 C left", "0.5 D Right hand", "1.0 E Right hand",
      ])
    #expect(parseScore(text).score?.voices == ["Right hand", "left"])
  }

  @Test func tapsBeforeTheFirstVoiceLineAreInMain() throws {
    #expect(try voicedTaps("C\nvoice bass\nD\n") == ["0.0 C main", "0.5 D bass"])
    #expect(parseScore("C\nvoice bass\nD\n").score?.voices == ["main", "bass"])
    #expect(parseScore("voice bass\nD\n").score?.voices == ["bass"])
    #expect(parseScore("C D\n").score?.voices == [])
    #expect(try voicedTaps("C\n") == ["0.0 C main"])
  }

  @Test func aVoiceLineInARepeatTakesEffectWhereItStandsOnEveryPass() throws {
    let text = "[C\nvoice b\nD]x2\n"
    #expect(try voicedTaps(text) == ["0.0 C main", "0.5 D b", "1.0 C b", "1.5 D b"])
  }

  @Test func aVoiceNeedsANameAndStandsFirstOnItsLine() {
    #expect(
      headlines("voice\nC\n") == ["s.xylo:1:1: error: 'voice' needs a name, as in 'voice melody'"])
    #expect(
      headlines("C voice x\n") == [
        "s.xylo:1:3: error: 'voice' is a directive and must be the first word of its line",
        "s.xylo:1:9: error: unknown key 'x'; the bank has no such title",
      ])
  }
}
