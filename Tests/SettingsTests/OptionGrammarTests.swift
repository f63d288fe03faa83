import Settings
import Testing

/// The option grammar the command line and a score's `options` line share: parsing, one wording per kind of value, did-you-mean.
@Suite struct OptionGrammarTests {
  private let specs = [
    OptionSpec("--output", alias: "-o", value: "OUT", help: "The file"),
    OptionSpec("--rate", value: "HZ", help: "The rate"),
    OptionSpec("--normalize", value: "DBFS", valueIsOptional: true, help: "The peak"),
    OptionSpec("--quiet", help: "Quiet"),
    OptionSpec("--polyphony", value: "N", help: "Voices"),
    OptionSpec("--track", value: "N", repeatable: true, help: "A track"),
  ]

  @Test func valuesFlagsAndPositionalsAreSeparated() throws {
    let parsed = try parseArguments(
      ["song.xylo", "-o", "a.wav", "--rate=44100", "--quiet", "-", "--", "--rate"],
      options: specs)
    #expect(parsed.positionals == ["song.xylo", "-", "--rate"])
    #expect(parsed.values == ["--output": "a.wav", "--rate": "44100"])
    #expect(parsed.flags == ["--quiet"])
  }

  @Test func anOptionalValueIsTakenOnlyWhenItIsANumber() throws {
    #expect(
      try parseArguments(["--normalize", "-3"], options: specs).values["--normalize"] == "-3")
    let bare = try parseArguments(["--normalize", "song.xylo"], options: specs)
    #expect(bare.flags == ["--normalize"] && bare.positionals == ["song.xylo"])
  }

  @Test(arguments: [
    (["-o", "a", "--output", "b"], "option '-o' or '--output' given more than once"),
    (["--rate", "1", "--rate=2"], "option '--rate' given more than once"),
    (["--quiet=yes"], "option '--quiet' takes no value"),
    (["--rate"], "option '--rate' needs a value"),
    (["--polyphonie", "1"], "unknown option '--polyphonie'; did you mean '--polyphony'?"),
    (["--quite"], "unknown option '--quite'; did you mean '--quiet'?"),
    (["-rate", "1"], "unknown option '-rate'; did you mean '--rate'?"),
    (["--fast"], "unknown option '--fast'"),
  ])
  func badCommandLinesSayWhy(_ arguments: [String], _ message: String) {
    #expect(throws: OptionError(message)) { try parseArguments(arguments, options: specs) }
  }

  @Test(arguments: [
    ("5", "--rate needs a whole number of hertz from 1000 to 768000, got '5'"),
    ("4.4e4", "--rate needs a whole number of hertz from 1000 to 768000, got '4.4e4'"),
  ])
  func wholeNumbersOutsideTheirRangeAreRefusedWithTheRange(_ value: String, _ message: String) {
    let parsed = ParsedOptions(values: ["--rate": value])
    #expect(throws: OptionError(message)) {
      _ = try parsed.wholeNumber("--rate", in: 1_000...768_000, unit: "hertz")
    }
  }

  @Test func decibelsAndDurationsUseOneWordingEach() {
    let parsed = ParsedOptions(values: ["--gain": "70", "--tail": "-1", "--max-duration": "0"])
    #expect(throws: OptionError("--gain needs decibels from -120 to 60, got '70'")) {
      _ = try parsed.decibels("--gain", in: -120...60)
    }
    #expect(throws: OptionError("--tail needs a number of seconds (0 or more), got '-1'")) {
      _ = try parsed.duration("--tail")
    }
    #expect(throws: OptionError("--max-duration needs a positive number of seconds, got '0'")) {
      _ = try parsed.duration("--max-duration", positive: true)
    }
  }

  @Test func aRepeatableOptionKeepsEveryValueInOrder() throws {
    let parsed = try parseArguments(["--track", "3", "--track=1", "x"], options: specs)
    #expect(parsed.lists["--track"] == ["3", "1"])
    #expect(try parsed.wholeNumbers("--track", in: 1...65_535) == [3, 1])
    #expect(throws: OptionError("--track needs a whole number from 1 to 65535, got '0'")) {
      _ = try ParsedOptions(lists: ["--track": ["2", "0"]]).wholeNumbers(
        "--track", in: 1...65_535)
    }
  }

  @Test func aChoiceNamesEveryAllowedValue() {
    #expect(throws: OptionError("--out-of-range needs one of fold, skip, error, got 'wrap'")) {
      _ = try ParsedOptions(values: ["--out-of-range": "wrap"]).choice(
        "--out-of-range", of: ["fold", "skip", "error"])
    }
  }
}
