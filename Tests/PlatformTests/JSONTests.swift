import Platform
import Testing

/// JSON as manifests and reports write and read it: the same bytes for the same value, and
/// every value read back exactly.
@Suite struct JSONTests {
  @Test func keysAreSortedAndShortContainersStayOnOneLine() {
    let value = JSONValue.object([
      "b": .array([.number(1), .number(2)]), "a": .string("x"), "c": .null, "d": .bool(true),
    ])
    #expect(value.text == "{\"a\": \"x\", \"b\": [1, 2], \"c\": null, \"d\": true}\n")
  }

  @Test func aLongContainerTakesOneMemberALineAndAnArrayOneWholeElementALine() {
    let long = String(repeating: "x", count: 110)
    let value = JSONValue.object([
      "list": .array([.object(["a": .string(long), "b": .number(2)]), .number(3)]),
      "n": .number(1),
    ])
    #expect(
      value.text == """
        {
          "list": [
            {"a": "\(long)", "b": 2},
            3
          ],
          "n": 1
        }

        """)
  }

  @Test(arguments: [
    (1.0, "1"), (0.944, "0.944"), (-23.04, "-23.04"), (1e-05, "1e-05"), (-0.0, "0"),
    (0.1, "0.1"), (48_000, "48000"),
  ])
  func numbersAreTheShortestTextThatReadsBackExactly(_ value: Double, _ text: String) {
    #expect(jsonNumber(value) == text)
    #expect(Double(text) == value)
  }

  @Test func nanAndInfinityAreNull() {
    #expect(JSONValue.number(Double.nan) == .null)
    #expect(JSONValue.number(-Double.infinity) == .null)
  }

  @Test func textReadsBackAsTheSameValue() throws {
    let value = JSONValue.object([
      "text": .string("quote \" backslash \\ newline \n tab \t bell \u{07} é 🎵"),
      "numbers": .array([.number(-1), .number("18446744073709551615"), .number(0.5)]),
      "nested": .object(["empty": .array([]), "none": .object([:])]),
    ])
    #expect(try JSONValue(parsing: value.text) == value)
  }

  @Test func escapesAndSurrogatePairsAreRead() throws {
    let value = try JSONValue(parsing: #"["\u00e9\/\b\f\r", "\ud83c\udfb5"]"#)
    #expect(value == .array([.string("é/\u{08}\u{0C}\r"), .string("🎵")]))
  }

  @Test(arguments: [
    ("", "a value expected, found the end at byte 0"),
    ("{\"a\": 1,}", "a key expected at byte 8"),
    ("[1 2]", "',' or ']' expected at byte 3"),
    ("01", "a number with a leading 0 at byte 2"),
    ("{\"a\": 1, \"a\": 2}", "the key 'a' twice at byte 14"),
    ("\"\\ud800\"", "a lone surrogate at byte 7"),
    ("\"tab\there\"", "a control character in a string at byte 4"),
    ("true false", "text after the value at byte 5"),
    ("[[[[", "nested deeper than 3 at byte 3"),
  ])
  func malformedTextSaysWhereAndWhat(_ text: String, _ message: String) {
    #expect(throws: (any Error).self) { try JSONValue(parsing: text, maximumDepth: 3) }
    do {
      _ = try JSONValue(parsing: text, maximumDepth: 3)
    } catch {
      #expect(error.description == message)
    }
  }
}

/// One time format in every message: seconds with three decimals.
@Suite struct TimeTextTests {
  @Test(arguments: [
    (Int64(0), Int64(48_000), "0.000 s"), (57_600, 48_000, "1.200 s"), (1, 48_000, "0.000 s"),
    (24, 48_000, "0.001 s"), (10_001, 6_000, "1.667 s"), (-24_000, 48_000, "-0.500 s"),
    (3, 1, "3.000 s"),
  ])
  func framesAtARateAreSecondsWithThreeDecimalsRoundedHalfUp(
    _ numerator: Int64, _ denominator: Int64, _ text: String
  ) {
    #expect(timeText(numerator, over: denominator) == text)
  }

  @Test func measuredSecondsReadTheSame() {
    #expect(timeText(seconds: 3.25) == "3.250 s")
  }
}
