import Foundation
import Testing

@Suite struct CheckCommandTests {
  @Test func everyExampleScoreIsValidAndSummarised() throws {
    let names = [
      "frere-jacques-canon", "jingle-bells", "mary", "ode-to-joy", "tap-log", "twinkle",
    ]
    let result = try run(["check"] + names.map { "Examples/scores/\($0).xylo" })
    #expect(
      result.stdout == """
        Examples/scores/frere-jacques-canon.xylo: 96 taps, 6 keys, 24.000 s
        Examples/scores/jingle-bells.xylo: 51 taps, 5 keys, 25.600 s
        Examples/scores/mary.xylo: 26 taps, 4 keys, 17.455 s
        Examples/scores/ode-to-joy.xylo: 62 taps, 5 keys, 32.000 s
        Examples/scores/tap-log.xylo: 28 taps, 8 keys, 8.950 s
        Examples/scores/twinkle.xylo: 42 taps, 6 keys, 28.800 s

        """)
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  @Test func errorsPrintLocationSourceLineAndCaretAndExit1() throws {
    let path = try temporaryScore("tempo 120\nC Cc D:-1\n[E\n")
    let result = try run(["check", path])
    #expect(
      result.stderr == """
        \(path):2:3: error: unknown key 'Cc'; did you mean 'C'?
        C Cc D:-1
          ^~
        \(path):2:8: error: length must not be negative, got '-1'
        C Cc D:-1
               ^~
        \(path):3:1: error: unclosed '['; close it with ']xN', as in '[C D]x2'
        [E
        ^

        """)
    #expect(result.stdout == "")
    #expect(result.status == 1)
  }

  @Test func oneBadScoreFailsTheRunButTheOthersAreStillChecked() throws {
    let bad = try temporaryScore("@")
    let good = try temporaryScore("C D")
    let result = try run(["check", bad, "missing.xylo", good])
    #expect(result.stdout == "\(good): 2 taps, 2 keys, 1.000 s\n")
    #expect(
      result.stderr.hasSuffix(
        "xylo-render: error: cannot read 'missing.xylo': No such file or directory\n"))
    #expect(result.status == 1)
  }

  @Test func aFolderIsNotAScore() throws {
    let result = try run(["check", "Examples"])
    #expect(result.stderr == "xylo-render: error: cannot read 'Examples': it is a directory\n")
    #expect(result.status == 1)
  }

  @Test func standardInputIsReadForADash() throws {
    let result = try run(["check", "-"], input: "C+E+G:2\r\n")
    #expect(result.stdout == "<stdin>: 3 taps, 3 keys, 1.000 s\n")
    #expect(result.status == 0)
  }

  /// Refused at the third `]x1000`, where the count first passes the limit: nothing larger
  /// is ever expanded.
  @Test func hugeExpansionsFailAtOnceWithAClearMessage() throws {
    let path = try temporaryScore("[[[[C]x1000]x1000]x1000]x1000\n")
    let result = try run(["check", path])
    #expect(
      result.stderr == """
        \(path):1:24: error: the score expands to more than 10000000 taps, the limit (see --max-taps)
        [[[[C]x1000]x1000]x1000]x1000
                               ^~~~~~

        """)
    #expect(result.stdout == "")
    #expect(result.status == 1)
  }

  @Test func limitsAreAdjustableOnTheCommandLine() throws {
    let path = try temporaryScore("[C]x5\n")
    let refused = try run(["check", "--max-taps", "4", path])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("more than 4 taps"))
    let accepted = try run(["check", "--max-taps=5", "--max-duration", "2.5", path])
    #expect(accepted.stdout == "\(path): 5 taps, 1 key, 2.500 s\n")
    let tooLong = try run(["check", "--max-duration", "2.4", path])
    #expect(tooLong.stderr.contains("runs past 2 seconds"))
  }

  @Test func hundredThousandNestedBracketsDoNotCrash() throws {
    let path = try temporaryScore(String(repeating: "[", count: 100_000) + "C\n")
    let result = try run(["check", path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("error: repeats nest more than 100 deep"))
  }
}
