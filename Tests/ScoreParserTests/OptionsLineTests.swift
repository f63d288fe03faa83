import ScoreParser
import Testing

/// The `options` line: its words split like a shell's, with where each was written, and its
/// place in the score.
@Suite struct OptionsLineTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var score: String
    var expected: [String]
    var testDescription: String { name }
  }

  /// Each word as `line:column+length text`, with `text` between `<` and `>`.
  static func described(_ words: [ScoreOptionWord]) -> [String] {
    words.map { "\($0.line):\($0.column)+\($0.length) <\($0.text)>" }
  }

  static let splitting: [Case] = [
    Case(
      name: "single quotes keep a blank in a word",
      score: "options --bank 'my sounds' --polyphony 1\nC",
      expected: [
        "1:9+6 <--bank>", "1:16+11 <my sounds>", "1:28+11 <--polyphony>", "1:40+1 <1>",
      ]),
    Case(
      name: "tabs and runs of blanks separate words",
      score: "\toptions\t--rate   44100 \t--channels 1 \nC",
      expected: ["1:10+6 <--rate>", "1:19+5 <44100>", "1:26+10 <--channels>", "1:37+1 <1>"]),
    Case(
      name: "double quotes with escaped quote and backslash",
      score: #"options --comment "say \"hi\" \\ \n now""#,
      expected: ["1:9+9 <--comment>", #"1:19+22 <say "hi" \ \n now>"#]),
    Case(
      name: "quotes of either kind inside the other are literal",
      score: #"options "it's" 'a "b" c'"#,
      expected: ["1:9+6 <it's>", #"1:16+9 <a "b" c>"#]),
    Case(
      name: "quoted parts join the word around them",
      score: #"options --bank=my' 'sounds"/"kit"#,
      expected: ["1:9+24 <--bank=my sounds/kit>"]),
    Case(
      name: "a backslash outside quotes escapes the next character",
      score: ##"options my\ sounds \'x \#y"##,
      expected: ["1:9+10 <my sounds>", "1:20+3 <'x>", "1:24+3 <#y>"]),
    Case(
      name: "empty quotes are an empty word",
      score: #"options --comment '' """#,
      expected: ["1:9+9 <--comment>", "1:19+2 <>", "1:22+2 <>"]),
    Case(
      name: "nothing is expanded",
      score: "options $HOME ~/kit *.wav ${X} `date` $(ls)",
      expected: [
        "1:9+5 <$HOME>", "1:15+5 <~/kit>", "1:21+5 <*.wav>", "1:27+4 <${X}>",
        "1:32+6 <`date`>", "1:39+5 <$(ls)>",
      ]),
    Case(
      name: "a comment starts at a # that starts a word",
      score: "options --bank kit # the drum kit 'unclosed\nC",
      expected: ["1:9+6 <--bank>", "1:16+3 <kit>"]),
    Case(
      name: "a # inside a word or inside quotes is part of the word",
      score: "options --bank kit#2 '#3' \"# 4\"",
      expected: ["1:9+6 <--bank>", "1:16+5 <kit#2>", "1:22+4 <#3>", "1:27+5 <# 4>"]),
    Case(
      name: "columns count characters, not bytes",
      score: "options --title 'Für Elise' é",
      expected: ["1:9+7 <--title>", "1:17+11 <Für Elise>", "1:29+1 <é>"]),
    Case(
      name: "the options line may follow directives, rests and timestamps",
      score: "title Song\ntempo 90\n. .:2\n0.5\n# notes\noptions --gain 0.5\nC",
      expected: ["6:9+6 <--gain>", "6:16+3 <0.5>"]),
    Case(
      name: "a score without an options line has no words",
      score: "C D E",
      expected: []),
  ]

  @Test(arguments: splitting)
  func wordsAreSplitLikeAShellsWithTheirColumns(_ testCase: Case) throws {
    let result = parseScore(testCase.score, options: ParseOptions(keys: nil))
    #expect(result.diagnostics.map { $0.headline(path: "s.xylo") } == [])
    let score = try #require(result.score)
    #expect(Self.described(score.options) == testCase.expected)
    #expect(result.options == score.options)
  }

  static let errors: [Case] = [
    Case(
      name: "a second options line",
      score: "options --bank kit\ntempo 90\noptions --polyphony 1\nC",
      expected: [
        "s.xylo:3:1: error: a score has at most one 'options' line; move these words to the one on line 1"
      ]),
    Case(
      name: "an options line after a tap",
      score: "tempo 90\n. C+E:2 D\n  options --bank kit",
      expected: [
        "s.xylo:3:3: error: 'options' must come before the first tap, 'C+E:2' on line 2; move it above that line"
      ]),
    Case(
      name: "an options line after a tap with an unknown key",
      score: "Zz\noptions --bank kit",
      expected: [
        "s.xylo:1:1: error: unknown key 'Zz'; the bank has no such title",
        "s.xylo:2:1: error: 'options' must come before the first tap, 'Zz' on line 1; move it above that line",
      ]),
    Case(
      name: "an options line after a refused one is a second one",
      score: "C\noptions --bank kit\noptions --bank kit",
      expected: [
        "s.xylo:2:1: error: 'options' must come before the first tap, 'C' on line 1; move it above that line",
        "s.xylo:3:1: error: a score has at most one 'options' line; move these words to the one on line 2",
      ]),
    Case(
      name: "an unclosed single quote",
      score: "options --bank 'my sounds --gain 2\nC",
      expected: [
        "s.xylo:1:16: error: unclosed single quote; add a closing ' before the end of the line"
      ]),
    Case(
      name: "an unclosed double quote after an escaped one",
      score: #"options --title "a \" b\"  # not a comment"#,
      expected: [
        #"s.xylo:1:17: error: unclosed double quote; add a closing " before the end of the line"#
      ]),
    Case(
      name: "a backslash at the end of the line",
      score: #"options --bank kit\"#,
      expected: [
        #"s.xylo:1:19: error: '\' at the end of the line escapes nothing; write '\\' for a backslash"#
      ]),
    Case(
      name: "an options line without words",
      score: "options   # later\nC",
      expected: [
        "s.xylo:1:1: error: 'options' needs at least one option, as in 'options --bank sounds'"
      ]),
    Case(
      name: "options is not a key in a chord",
      score: "C+options",
      expected: ["s.xylo:1:3: error: 'options' is a directive and cannot be a key"]),
    Case(
      name: "options must be the first word of its line",
      score: "C options --bank kit",
      expected: [
        "s.xylo:1:3: error: 'options' is a directive and must be the first word of its line",
        "s.xylo:1:11: error: unknown token '--bank'; expected a key, a rest '.', '|', '[' or ']xN'",
        "s.xylo:1:18: error: unknown key 'kit'; the bank has no such title",
      ]),
    Case(
      name: "a capitalised options is an unknown key",
      score: "Options",
      expected: ["s.xylo:1:1: error: unknown key 'Options'; did you mean the directive 'options'?"]),
  ]

  @Test(arguments: errors)
  func misplacedOrMalformedOptionsLinesAreErrorsAtTheirColumn(_ testCase: Case) {
    #expect(headlines(testCase.score) == testCase.expected)
  }

  @Test func optionsIsNotAKeyTitle() {
    #expect(!isKeyTitle("options"))
    #expect(isKeyTitle("Options"))
  }

  @Test func theWordsAreKeptWhenTheScoreHasOtherErrors() {
    let result = parseScore(
      "options --bank kit\nC Snare", options: ParseOptions(keys: testTitles))
    #expect(result.score == nil)
    #expect(Self.described(result.options) == ["1:9+6 <--bank>", "1:16+3 <kit>"])
  }

  @Test func aRefusedOrUnsplittableLineGivesNoWords() {
    #expect(parseScore("C\noptions --bank kit").options.isEmpty)
    #expect(parseScore("options --bank 'kit\nC").options.isEmpty)
  }

  @Test func aSecondLineKeepsTheWordsOfTheFirst() {
    let result = parseScore("options --bank kit\noptions --gain 2\nC")
    #expect(Self.described(result.options) == ["1:9+6 <--bank>", "1:16+3 <kit>"])
  }

  @Test func aProblemWithAWordIsReportedUnderTheWholeWord() throws {
    let text = "options --bank 'my sounds' --polyphny 1"
    let words = try #require(parseScore(text + "\nC").score?.options)
    let diagnostic = Diagnostic(
      .error, at: words[2], message: "unknown option '--polyphny'; did you mean '--polyphony'?")
    #expect(
      diagnostic.formatted(path: "s.xylo", sourceLine: text) == """
        s.xylo:1:28: error: unknown option '--polyphny'; did you mean '--polyphony'?
        options --bank 'my sounds' --polyphny 1
                                   ^~~~~~~~~~
        """)
  }

  @Test func anUnclosedQuoteIsUnderlinedToTheEndOfTheLine() throws {
    let text = "options --bank 'my sounds  "
    let diagnostic = try #require(parseScore(text).diagnostics.first)
    // The underline stops at the last character that is not a blank.
    #expect(
      diagnostic.formatted(path: "s.xylo", sourceLine: text)
        == "s.xylo:1:16: error: unclosed single quote; add a closing ' before the end of the line\n"
        + text + "\n" + String(repeating: " ", count: 15) + "^~~~~~~~~~")
  }
}
