import ScoreParser
import Testing

/// Exact frames for every construct; expected values come from fraction arithmetic by hand
/// (Python's `fractions`): frame = floor(t * rate + 1/2).
@Suite struct TapTimingTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var score: String
    var rate: Int64
    var expected: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "default tempo 120 puts a beat every half second", score: "C D E", rate: 48_000,
      expected: ["0 C", "24000 D", "48000 E"]),
    Case(
      name: "lengths in beats scale by 60/tempo", score: "tempo 60\nC:2 D:1/2 E:0.25 F",
      rate: 44_100, expected: ["0 C", "88200 D", "110250 E", "121275 F"]),
    Case(
      name: "zero length taps sound together", score: "C:0 E:0 G", rate: 48_000,
      expected: ["0 C", "0 E", "0 G"]),
    Case(
      name: "triplets at tempo 140 round to the nearest frame",
      score: "tempo 140\nlength 1/3\nC C C C C C C", rate: 48_000,
      expected: [
        "0 C", "6857 C", "13714 C", "20571 C", "27429 C", "34286 C", "41143 C",
      ]),
    Case(
      name: "decimal tempo 97.5 is exact", score: "tempo 97.5\nC D E F G A", rate: 48_000,
      expected: ["0 C", "29538 D", "59077 E", "88615 F", "118154 G", "147692 A"]),
    Case(
      name: "tempo changes apply from the next tap on",
      score: "C D\ntempo 60\nE F\ntempo 240\nG A", rate: 48_000,
      expected: ["0 C", "24000 D", "48000 E", "96000 F", "144000 G", "156000 A"]),
    Case(
      name: "length changes the default for later taps and rests",
      score: "length 1/2\nC . D\nlength 2\nE .:1 F", rate: 48_000,
      expected: ["0 C", "24000 D", "36000 E", "108000 F"]),
    Case(
      name: "rests move the cursor", score: "C . .:2 D .:1/2 E", rate: 48_000,
      expected: ["0 C", "96000 D", "132000 E"]),
    Case(
      name: "chords tap every key at the same frame and move on once",
      score: "C+E+G:2 D", rate: 48_000, expected: ["0 C", "0 E", "0 G", "48000 D"]),
    Case(
      name: "nested repeats play their content in order",
      score: "[[C D]x2 E]x2 F", rate: 48_000,
      expected: [
        "0 C", "24000 D", "48000 C", "72000 D", "96000 E",
        "120000 C", "144000 D", "168000 C", "192000 D", "216000 E", "240000 F",
      ]),
    Case(
      name: "brackets touch their content and span lines",
      score: "[C\nD]x2", rate: 48_000, expected: ["0 C", "24000 D", "48000 C", "72000 D"]),
    Case(
      name: "timestamps in seconds, with s, and in milliseconds",
      score: "0.412 C\n1/3 D\n2s E\n1250ms F", rate: 48_000,
      expected: ["16000 D", "19776 C", "60000 F", "96000 E"]),
    Case(
      name: "a timestamp line without taps moves the cursor", score: "1.5\nC", rate: 48_000,
      expected: ["72000 C"]),
    Case(
      name: "timestamps going back start a second voice",
      score: "0 C D E\n0.25 G G", rate: 48_000,
      expected: ["0 C", "12000 G", "24000 D", "36000 G", "48000 E"]),
    Case(
      name: "equal times keep text order across voices",
      score: "1 E+C\n0 C D D\n1 G", rate: 48_000,
      expected: ["0 C", "24000 D", "48000 E", "48000 C", "48000 D", "48000 G"]),
    Case(
      name: "a time exactly half a frame past rounds to the later frame",
      score: "1/96000 C\n1/96001 D\n3/96000 E", rate: 48_000,
      expected: ["0 D", "1 C", "2 E"]),
    Case(
      name: "one tenth of a second is exact, not the nearest binary float",
      score: "0.1 C\n0.3 D\n0.7 E", rate: 44_100,
      expected: ["4410 C", "13230 D", "30870 E"]),
    Case(
      name: "bar lines and comments are ignored, # inside a key is not a comment",
      score: "# a comment\nC | C#6 # tail comment\n| D", rate: 48_000,
      expected: ["0 C", "24000 C#6", "48000 D"]),
  ]

  @Test(arguments: cases)
  func tapsLandOnExactFrames(_ testCase: Case) {
    #expect(placedTaps(testCase.score, rate: testCase.rate) == testCase.expected)
  }

  @Test func tenThousandthBeatAtTempo140And48kHzMatchesFractionArithmetic() {
    let result = parseScore("tempo 140\n[C]x10000")
    let taps = result.score?.taps ?? []
    #expect(taps.count == 10_000)
    // 9999 beats of 3/7 s: 9999 * 3/7 * 48000 = 205693714 2/7.
    #expect(taps.last?.time == Rational(9999 * 3, 7))
    #expect(taps.last?.time.roundedHalfUp(scale: 48_000) == 205_693_714)
    #expect(result.score?.duration == Rational(30_000, 7))
  }

  @Test func tempoChangeInsideRepeatHoldsForLaterPasses() {
    // Pass 1: C at 120 (0.5 s), then tempo 60: D (1 s). Pass 2 starts at tempo 60.
    #expect(
      placedTaps("[C\ntempo 60\nD]x2", rate: 1000) == ["0 C", "500 D", "1500 C", "2500 D"])
  }

  @Test func tapFreeRepeatsMoveTheCursorByEveryPass() {
    #expect(placedTaps("[.]x10000\nC", rate: 48_000) == ["240000000 C"])
    #expect(placedTaps("[. [.:1/2]x3]x1000\nC", rate: 1000) == ["1250000 C"])
    // A tempo change inside: pass 1 is 0.5 s + 1 s, every later pass 1 s + 1 s.
    #expect(placedTaps("[.\ntempo 60\n.]x10\nC", rate: 1000) == ["19500 C"])
  }

  @Test func aTrillionEmptyPassesFinishAtOnce() {
    #expect(placedTaps("[.:0]x1000000000000 C", rate: 48_000) == ["0 C"])
  }

  @Test func gainsAreLinearFactorsDefaultingToOne() {
    let taps = parseScore("C*0.5 D:2*1/4 E*0.8:1/2 F*0 G").score?.taps ?? []
    #expect(taps.map(\.gain) == [0.5, 0.25, 0.8, 0, 1])
  }

  @Test func tapsRememberTheirLineAndColumn() {
    let taps = parseScore("title T\n\n  C  E+G\n[D]x2").score?.taps ?? []
    #expect(
      taps.map { "\($0.key)@\($0.line):\($0.column)" } == [
        "C@3:3", "E@3:6", "G@3:8", "D@4:2", "D@4:2",
      ])
  }
}
