import ScoreParser
import Testing

/// Every error of the format's Errors section, with the exact line a user sees.
@Suite struct DiagnosticTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var score: String
    var expected: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "unknown token", score: "C @ D",
      expected: [
        "s.xylo:1:3: error: unknown token '@'; expected a key, a rest '.', '|', '[' or ']xN'"
      ]),
    Case(
      name: "malformed number", score: "C:1.2.3",
      expected: [
        "s.xylo:1:3: error: malformed length '1.2.3'; write a decimal like '0.5' or a fraction like '1/3'"
      ]),
    Case(
      name: "number with too many digits", score: "tempo 123456789012345678901234567890",
      expected: [
        "s.xylo:1:7: error: tempo '123456789012345678901234567890' has too many digits to hold exactly"
      ]),
    Case(
      name: "fraction dividing by zero", score: "C:1/0",
      expected: ["s.xylo:1:3: error: length '1/0' divides by zero"]),
    Case(
      name: "zero tempo", score: "tempo 0",
      expected: ["s.xylo:1:7: error: tempo must be positive, got '0'"]),
    Case(
      name: "negative tempo", score: "tempo -90",
      expected: ["s.xylo:1:7: error: tempo must be positive, got '-90'"]),
    Case(
      name: "zero length directive", score: "length 0/4",
      expected: ["s.xylo:1:8: error: length must be positive, got '0/4'"]),
    Case(
      name: "directive without its number", score: "tempo",
      expected: ["s.xylo:1:1: error: 'tempo' needs a number, as in 'tempo 120' (beats per minute)"]),
    Case(
      name: "directive with extra words", score: "length 1 2",
      expected: [
        "s.xylo:1:10: error: unexpected '2' after 'length 1'; a directive takes the whole line"
      ]),
    Case(
      name: "directive not first on its line", score: "C tempo 90",
      expected: [
        "s.xylo:1:3: error: 'tempo' is a directive and must be the first word of its line",
        "s.xylo:1:9: error: unexpected number '90'; a time must be the first word of its line, a length follows ':' as in 'C:2'",
      ]),
    Case(
      name: "metadata without text", score: "title   # nothing",
      expected: ["s.xylo:1:1: error: 'title' needs text, as in 'title My Song'"]),
    Case(
      name: "negative tap length", score: "C:-1",
      expected: ["s.xylo:1:3: error: length must not be negative, got '-1'"]),
    Case(
      name: "negative gain", score: "E*-0.5",
      expected: ["s.xylo:1:3: error: gain must not be negative, got '-0.5'"]),
    Case(
      name: "gain on a rest", score: ". .*2",
      expected: ["s.xylo:1:4: error: a rest has no gain; remove '*2'"]),
    Case(
      name: "malformed rest", score: ".5",
      expected: ["s.xylo:1:1: error: malformed rest '.5'; a rest is '.' or '.:BEATS'"]),
    Case(
      name: "suffix given twice", score: "C:1:2 D*1*2",
      expected: [
        "s.xylo:1:4: error: more than one length in 'C:1:2'",
        "s.xylo:1:10: error: more than one gain in 'D*1*2'",
      ]),
    Case(
      name: "missing suffix number", score: "C:",
      expected: ["s.xylo:1:2: error: missing length after ':', as in 'C:2'"]),
    Case(
      name: "bad character in a key", score: "C-D",
      expected: [
        "s.xylo:1:2: error: unexpected '-' in 'C-D'; a key holds letters, digits, '#' and '_'"
      ]),
    Case(
      name: "empty key in a chord", score: "C+ E",
      expected: ["s.xylo:1:2: error: expected a key after '+' in 'C+'"]),
    Case(
      name: "unknown key suggests the nearest title", score: "C Cc D hihgc",
      expected: [
        "s.xylo:1:3: error: unknown key 'Cc'; did you mean 'C'?",
        "s.xylo:1:8: error: unknown key 'hihgc'; did you mean 'HighC'?",
      ]),
    Case(
      name: "unknown key with nothing close", score: "Xylophone",
      expected: ["s.xylo:1:1: error: unknown key 'Xylophone'; the bank has no such title"]),
    Case(
      name: "unknown key in a chord points at that key", score: "C+Q+E",
      expected: ["s.xylo:1:3: error: unknown key 'Q'; the bank has no such title"]),
    Case(
      name: "a capitalised directive is an unknown key", score: "Tempo 90",
      expected: [
        "s.xylo:1:1: error: unknown key 'Tempo'; did you mean the directive 'tempo'?",
        "s.xylo:1:7: error: unexpected number '90'; a time must be the first word of its line, a length follows ':' as in 'C:2'",
      ]),
    Case(
      name: "a directive word cannot be a key in a chord", score: "C+title",
      expected: ["s.xylo:1:3: error: 'title' is a directive and cannot be a key"]),
    Case(
      name: "unclosed bracket", score: "[C D\n[E]x2",
      expected: ["s.xylo:1:1: error: unclosed '['; close it with ']xN', as in '[C D]x2'"]),
    Case(
      name: "stray closing bracket", score: "C D]x2",
      expected: ["s.xylo:1:4: error: ']x2' has no matching '['"]),
    Case(
      name: "closing bracket without a count", score: "[C D]",
      expected: [
        "s.xylo:1:5: error: malformed repeat end ']'; write ']x' and a count, as in ']x2'"
      ]),
    Case(
      name: "repeat count of zero", score: "[C]x0",
      expected: [
        "s.xylo:1:3: error: repeat count must be at least 1, got ']x0'; remove the group to play it never"
      ]),
    Case(
      name: "repeat count too large to hold", score: "[C]x99999999999999999999",
      expected: ["s.xylo:1:3: error: repeat count ']x99999999999999999999' is too large"]),
    Case(
      name: "timestamp inside a repeat", score: "[C\n1.5 D\n]x2",
      expected: ["s.xylo:2:1: error: a timestamp cannot stand inside a repeat"]),
    Case(
      name: "malformed timestamp", score: "1.5.2 C",
      expected: [
        "s.xylo:1:1: error: malformed time '1.5.2'; write seconds like '1.25' or '1.25s', or milliseconds like '1250ms'"
      ]),
    Case(
      name: "number after the first word", score: "C 2",
      expected: [
        "s.xylo:1:3: error: unexpected number '2'; a time must be the first word of its line, a length follows ':' as in 'C:2'"
      ]),
    Case(
      name: "repeat expanding past the tap limit", score: "[[[[C]x1000]x1000]x1000]x1000",
      expected: [
        "s.xylo:1:24: error: the score expands to more than 10000000 taps, the limit (see --max-taps)"
      ]),
    Case(
      name: "score running past the duration limit", score: "C\n7200 D\n7200.001 E",
      expected: [
        "s.xylo:2:6: error: the score runs past 7200 seconds, the limit (see --max-duration)"
      ]),
    Case(
      name: "empty repeat running past the duration limit", score: "[.]x1000000",
      expected: [
        "s.xylo:1:3: error: the score runs past 7200 seconds, the limit (see --max-duration)"
      ]),
    Case(
      name: "a tempo too slow to hold exactly", score: "tempo 1/999999999999999999\nC D",
      expected: [
        "s.xylo:1:7: error: time overflows exact arithmetic here; use simpler tempos and lengths"
      ]),
    Case(
      name: "time denominators that grow until they overflow",
      score: "tempo 1/3\n"
        + (0..<40).map { "tempo \(97 + 2 * $0)\nC:1/\(1_000_003 + $0)" }
        .joined(separator: "\n"),
      expected: [
        "s.xylo:7:1: error: time overflows exact arithmetic here; use simpler tempos and lengths"
      ]),
  ]

  @Test(arguments: cases)
  func errorsAreReportedWithFileLineAndColumn(_ testCase: Case) {
    #expect(headlines(testCase.score) == testCase.expected)
  }

  @Test func allErrorsOfAFileAreReportedAtOnce() {
    #expect(
      headlines("tempo 0\nC Zz\nlength -1\n]x2") == [
        "s.xylo:1:7: error: tempo must be positive, got '0'",
        "s.xylo:2:3: error: unknown key 'Zz'; the bank has no such title",
        "s.xylo:3:8: error: length must be positive, got '-1'",
        "s.xylo:4:1: error: ']x2' has no matching '['",
      ])
  }

  @Test func aScoreWithErrorsHasNoScore() {
    #expect(parseScore("C @").score == nil)
  }

  @Test func tooManyErrorsStopAfterFifty() {
    let lines = headlines(String(repeating: "@\n", count: 1000))
    #expect(lines.count == 51)
    #expect(lines.last == "s.xylo:51:1: error: too many errors (more than 50); stopping here")
  }

  @Test func hundredThousandOpenBracketsFailWithoutOverflowingTheStack() {
    let lines = headlines(String(repeating: "[", count: 100_000) + "C")
    #expect(lines.contains("s.xylo:1:101: error: repeats nest more than 100 deep"))
    #expect(lines.first == "s.xylo:1:1: error: unclosed '['; close it with ']xN', as in '[C D]x2'")
    // The 51st error, after the nesting error and 49 unclosed brackets, is the one at column 50.
    #expect(lines.last == "s.xylo:1:50: error: too many errors (more than 50); stopping here")
    #expect(lines.count == 51)
  }

  @Test func deepButAllowedNestingRenders() {
    let text = String(repeating: "[", count: 100) + "C" + String(repeating: "]x1", count: 100)
    #expect(placedTaps(text) == ["0 C"])
  }

  @Test func invalidUTF8IsReportedAtItsByteAndTheRestIsChecked() {
    let bytes = Array("C D\nE ".utf8) + [0xFF] + Array(" F\n@".utf8)
    let lines = parseScore(bytes, options: ParseOptions(keys: testTitles)).diagnostics.map {
      $0.headline(path: "s.xylo")
    }
    #expect(
      lines == [
        "s.xylo:2:3: error: invalid UTF-8 byte 0xFF; save the score as UTF-8",
        "s.xylo:3:1: error: unknown token '@'; expected a key, a rest '.', '|', '[' or ']xN'",
      ])
  }

  @Test func controlCharactersInMessagesAreMadeVisible() {
    #expect(
      headlines("C \u{0}") == [
        "s.xylo:1:3: error: unknown token '\\u{0}'; expected a key, a rest '.', '|', '[' or ']xN'"
      ])
  }

  @Test func caretLineUnderlinesTheTokenAndKeepsTabs() {
    let diagnostic = Diagnostic(.error, line: 1, column: 4, length: 2, message: "m")
    #expect(diagnostic.caretLine(under: "\tC Cc") == "\t  ^~")
  }

  @Test func tapLimitIsAdjustable() {
    let options = ParseOptions(keys: nil, maxTaps: 3)
    #expect(
      headlines("C D\nE F", options: options) == [
        "s.xylo:2:3: error: the score expands to more than 3 taps, the limit (see --max-taps)"
      ])
    #expect(headlines("C D E", options: options).isEmpty)
  }
}
