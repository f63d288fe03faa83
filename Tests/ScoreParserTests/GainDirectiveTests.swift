import ScoreParser
import Testing

/// `gain G` sets the gain of the taps without `*GAIN` after it, as `length` sets their length.
@Suite struct GainDirectiveTests {
  private func gains(_ text: String) throws -> [Double] {
    let result = parseScore(text, options: ParseOptions(keys: testTitles))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { $0.headline(path: "s") })")
    return try #require(result.score).taps.map(\.gain)
  }

  @Test func aBareTapTakesTheGainInForceAndAStarredOneItsOwn() throws {
    #expect(try gains("C\ngain 0.5\nC D*0.25 E*1\ngain 0\nF\n") == [1, 0.5, 0.25, 1, 0])
  }

  /// Exactly as a tap's `*80/127` reads it: the same fraction, converted once.
  @Test func aFractionIsTheSameGainAsTheTapsSuffix() throws {
    #expect(try gains("gain 80/127\nC D*80/127\n") == [80.0 / 127, 80.0 / 127])
  }

  /// Like `tempo` and `length`, it acts where it stands on every pass of a repeat.
  @Test func insideARepeatItActsWhereItStandsOnEveryPass() throws {
    #expect(try gains("[C\ngain 0.5\nD]x2\n") == [1, 0.5, 0.5, 0.5])
  }

  @Test(arguments: [
    ("gain\n", "s.xylo:1:1: error: 'gain' needs a number, as in 'gain 0.5' (a linear factor)"),
    ("gain -1\n", "s.xylo:1:6: error: gain must not be negative, got '-1'"),
    ("gain 1/0\n", "s.xylo:1:6: error: gain '1/0' divides by zero"),
    (
      "gain 1 2\n",
      "s.xylo:1:8: error: unexpected '2' after 'gain 1'; a directive takes the whole line"
    ),
    ("C gain\n", "s.xylo:1:3: error: 'gain' is a directive and must be the first word of its line"),
  ])
  func aBadGainLineIsAnErrorAtItsColumn(_ text: String, _ message: String) {
    #expect(headlines(text) == [message])
  }

  @Test func gainIsReservedAndCannotBeAKey() {
    #expect(!isKeyTitle("gain"))
    #expect(isKeyTitle("gains"))
  }
}
