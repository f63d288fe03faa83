import Testing

@testable import ScoreParser

/// A score is read a token at a time and played as it is read, so what the parser holds is
/// bounded by the limits on taps and duration, not by the size of the text. Each test reads a
/// score line by line, as `parseScore` does, counting what the parser holds after every line.
@Suite struct BoundedMemoryTests {
  /// What reading `text` left: the most items the parser held after any line, the taps it
  /// expanded, and the expansion's failure as `LINE:COLUMN: MESSAGE`.
  private func read(
    _ text: String, maxTaps: Int = ParseOptions.defaultMaxTaps,
    maxDuration: Rational = ParseOptions.defaultMaxDuration
  ) -> (mostHeld: Int, taps: Int, failure: String?, hasErrors: Bool) {
    var parser = LineParser(
      keyChecker: KeyChecker(titles: testTitles),
      expander: Expander(maxTaps: maxTaps, maxDuration: maxDuration))
    var mostHeld = 0
    forEachLine(Array(text.utf8)) { line in
      parser.parse(line)
      mostHeld = max(mostHeld, parser.player.heldItemCount)
      return !parser.diagnostics.isFull
    }
    parser.finish()
    let failure = parser.player.failure.map {
      "\($0.span.line):\($0.span.column): \($0.message)"
    }
    return (mostHeld, parser.takeExpander().tapCount, failure, parser.diagnostics.hasErrors)
  }

  @Test func aLongLinePastTheTapLimitKeepsTheLimitsTapsAndNoItems() {
    let line = String(repeating: "C D E F G A B ", count: 20_000)  // 280 kB, 140,000 taps
    let result = read(line, maxTaps: 100)
    #expect(
      result.failure == "1:201: the score expands to more than 100 taps, the limit (see --max-taps)"
    )
    #expect(result.taps == 100)
    #expect(result.mostHeld == 0)
  }

  @Test func aGroupPastTheTapLimitLetsGoOfItsItemsAtOnce() {
    let text = "[\n" + String(repeating: "C D E F G A B C D E\n", count: 1_000) + "]x2\n"
    let result = read(text, maxTaps: 100)
    // Refused at its close, as playing it would be, having held 100 items at most.
    #expect(
      result.failure
        == "1002:1: the score expands to more than 100 taps, the limit (see --max-taps)")
    #expect(result.taps == 0)
    #expect(result.mostHeld == 100)
  }

  @Test func nestedGroupsCountEveryOpenGroupsTaps() {
    let text = "[C D\n[E F\n" + String(repeating: "G A\n", count: 1_000) + "]x2 B]x3\nC\n"
    let result = read(text, maxTaps: 50)
    #expect(
      result.failure == "1003:6: the score expands to more than 50 taps, the limit (see --max-taps)"
    )
    #expect(result.mostHeld <= 50)
    // Within the limit, the same groups are held until the outer one closes, then played.
    let played = read(text, maxTaps: 20_000)
    #expect(played.failure == nil)
    #expect(played.taps == (2 + (2 + 2_000) * 2 + 1) * 3 + 1)
    #expect(played.mostHeld == 2 + 2 + 2_000)
  }

  @Test func pastTheDurationLimitNoMoreTapsAreKept() {
    let line = String(repeating: "C ", count: 100_000)
    let result = read(line, maxDuration: Rational(10))
    // The 21st tap, at 10 s, ends at 10.5 s.
    #expect(
      result.failure == "1:41: the score runs past 10 seconds, the limit (see --max-duration)")
    #expect(result.taps == 21)
  }

  @Test func afterAnErrorNothingMoreIsPlayedOrHeld() {
    let text = "Cc\n[" + String(repeating: "C D ", count: 10_000) + "]x2\n"
    let result = read(text)
    #expect(result.hasErrors)
    #expect(result.taps == 0)
    #expect(result.mostHeld == 0)
  }
}
