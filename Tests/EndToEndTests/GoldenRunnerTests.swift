import Foundation
import TestSupport
import Testing

/// `xylo-render test`: outcomes, modes, explanations and reports, on a folder of scores.
@Suite struct GoldenRunnerTests {
  /// A folder with `scores` written as `NAME.xylo`.
  private func suite(_ scores: [String: String]) throws -> String {
    let folder = try temporaryFolder()
    for (name, text) in scores {
      try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name).xylo"))
    }
    return folder
  }

  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  private func lines(_ result: RunResult) -> [String] {
    result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The summary line without its time.
  private func summary(_ result: RunResult) -> String {
    let last = lines(result).dropLast().last ?? ""
    return String(last.prefix { $0 != "(" })
  }

  @Test func missingGoldensAreWrittenThenPassAndCIWritesNothing() throws {
    let folder = try suite(["a": "C E G\n", "b": "tempo 90\nD F A\n"])
    let first = try run(["test", folder])
    #expect(first.status == 0)
    #expect(summary(first) == "goldens: 0 failed, 0 passed, 2 written, 0 obsolete, 0 errors ")
    #expect(
      listing(folder) == [
        "a.golden.flac", "a.golden.manifest.json", "a.golden.taps", "a.xylo", "b.golden.flac",
        "b.golden.manifest.json", "b.golden.taps", "b.xylo",
      ])
    let second = try run(["test", folder, "--ci"])
    #expect(second.status == 0)
    #expect(lines(second).prefix(2) == ["ok       \(folder)/a.xylo", "ok       \(folder)/b.xylo"])
    try write("C\n", to: folder + "/c.xylo")
    let ci = try run(["test", folder, "--ci"])
    #expect(ci.status == 1)
    #expect(
      lines(ci).contains(
        "  missing golden '\(folder)/c.golden.flac'; run 'xylo-render test --update' and commit it"
      ))
    #expect(!listing(folder).contains("c.golden.flac"))
  }

  /// `waltz.musicxml` and `waltz.mxl` would write one golden over the other's: refused, and
  /// nothing rendered or written.
  @Test func scoresThatWouldShareAGoldenAreRefusedBeforeAnythingIsWritten() throws {
    let folder = try suite(["a": "C E G\n", "waltz": "D F A\n"])
    let notation = "Examples/notation/bell-waltz"
    try FileManager.default.copyItem(
      atPath: notation + ".musicxml", toPath: folder + "/waltz.musicxml")
    try FileManager.default.copyItem(
      atPath: notation + "-compressed.mxl", toPath: folder + "/waltz.mxl")
    let before = listing(folder)
    for arguments in [["test", folder], ["test", folder, "--update"]] {
      let result = try run(arguments)
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "xylo-render: error: '\(folder)/waltz.musicxml', '\(folder)/waltz.mxl' and '\(folder)/waltz.xylo' would share one golden, '\(folder)/waltz.golden.flac' (named after the score without its extension): rename all but one\n"
      )
      #expect(listing(folder) == before)
    }
  }

  @Test func aMovedNoteNamesItsLineAndAWholeSongGainIsEstimated() throws {
    let folder = try suite(["alarm": "tempo 120\nC D\nE G\n"])
    #expect(try run(["test", folder]).status == 0)
    try write("tempo 120\nC D\nE:1.02 G\n", to: folder + "/alarm.xylo")
    let moved = try run(["test", folder])
    #expect(moved.status == 1)
    #expect(lines(moved).contains("  alarm.xylo:3: G moved 1.500 s → 1.510 s (+480 frames)"))
    try write("tempo 120\nC D\nE G\n", to: folder + "/alarm.xylo")
    let quieter = try run(["test", folder, "--gain", "-0.5"])
    #expect(lines(quieter).contains("  the render is the golden × 0.944 (-0.50 dB)"))
  }

  @Test func updateRewritesOnlyChangedGoldensAndRemovesObsoleteOnes() throws {
    let folder = try suite(["same": "C E G\n", "changed": "D F A\n", "gone": "B\n"])
    #expect(try run(["test", folder]).status == 0)
    let same = folder + "/same.golden.flac"
    let before = try FileManager.default.attributesOfItem(atPath: same)[.modificationDate] as? Date
    let bytes = try Data(contentsOf: URL(fileURLWithPath: same))
    try FileManager.default.removeItem(atPath: folder + "/gone.xylo")
    try write("D F B\n", to: folder + "/changed.xylo")
    let plain = try run(["test", folder])
    #expect(plain.status == 1)  // the change fails; the obsolete golden is only reported
    #expect(lines(plain).contains("obsolete \(folder)/gone.golden.flac"))
    #expect(try run(["test", folder, "--ci"]).status == 1)
    usleep(20_000)
    let update = try run(["test", folder, "--update"])
    #expect(update.status == 0)
    #expect(
      summary(update)
        == "goldens: 0 failed, 1 passed, 0 written, 0 obsolete, 0 errors, 1 updated, 3 removed ")
    #expect(try Data(contentsOf: URL(fileURLWithPath: same)) == bytes)
    #expect(
      try FileManager.default.attributesOfItem(atPath: same)[.modificationDate] as? Date == before)
    #expect(!listing(folder).contains("gone.golden.flac"))
    #expect(try run(["test", folder, "--ci"]).status == 0)
  }

  @Test func aScoreWithErrorsIsAnErrorThatDoesNotStopTheOthers() throws {
    let folder = try suite(["bad": "C Cc\n", "good": "C\n"])
    let result = try run(["test", folder, "--jobs", "2"])
    #expect(result.status == 1)
    #expect(
      lines(result).prefix(3) == [
        "ERROR    \(folder)/bad.xylo",
        "  \(folder)/bad.xylo:1:3: error: unknown key 'Cc'; did you mean 'C'?",
        "written  \(folder)/good.xylo",
      ])
    #expect(summary(result) == "goldens: 0 failed, 0 passed, 1 written, 0 obsolete, 1 errors ")
  }

  @Test func aScoresOwnOptionsChooseItsBankRelativeToItsFolderAndTheCommandLineWins() throws {
    let folder = try suite(["app": "options --polyphony 1 --bank sounds\nC D\n"])
    try FileManager.default.copyItem(atPath: appSounds, toPath: folder + "/sounds")
    let result = try run(["test", folder, "--golden-format", "sha256"])
    #expect(result.status == 0)
    let hash = try String(contentsOfFile: folder + "/app.golden.sha256", encoding: .utf8)
    let direct = try run([
      "render", folder + "/app.xylo", "-o", folder + "/direct.wav", "--print-hash", "--quiet",
    ])
    #expect(hash.prefix(64) == direct.stdout.prefix(64))
    // The score asks for its bank; the built-in bank given on the command line would differ.
    let overridden = try run(["test", folder, "--polyphony", "2"])
    #expect(overridden.status == 1)
  }

  @Test func noReportReplacesABankFileOrSampleATestRead() throws {
    let folder = try suite(["s": "options --bank kit/kit.sfz\nC4\n"])
    try FileManager.default.createDirectory(
      atPath: folder + "/kit", withIntermediateDirectories: true)
    #expect(
      try run(["render", "-", "-o", folder + "/kit/c.wav", "--quiet"], input: "C\n").status == 0)
    try write("<region> sample=c.wav key=60\n", to: folder + "/kit/kit.sfz")
    let before = try [folder + "/kit/kit.sfz", folder + "/kit/c.wav"].map {
      try Data(contentsOf: URL(fileURLWithPath: $0))
    }
    for option in ["--junit", "--json", "--report"] {
      for file in ["/kit/kit.sfz", "/kit/c.wav"] {
        let result = try run(["test", folder, option, folder + file])
        #expect(result.status == 1, "\(option) \(file)")
        #expect(
          result.stderr.contains("a test read it (a bank's file or sample)"), "\(result.stderr)")
      }
    }
    let after = try [folder + "/kit/kit.sfz", folder + "/kit/c.wav"].map {
      try Data(contentsOf: URL(fileURLWithPath: $0))
    }
    #expect(after == before)
  }

  @Test func aContentHashFileThatHoldsNoHashIsNamedAsMalformed() throws {
    let folder = try suite(["s": "C\n"])
    #expect(try run(["test", folder, "--golden-format", "sha256"]).status == 0)
    let golden = folder + "/s.golden.sha256"
    try Data(repeating: 0, count: 80).write(to: URL(fileURLWithPath: golden))
    let result = try run(["test", folder])
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "cannot read '\(golden)': it is not a content hash: its first word must be 64 hexadecimal digits"
      ), "\(result.stdout)")
    #expect(!result.stdout.contains("the golden's \u{0}"))
  }

  @Test func anUnknownOptionInAScoreIsAnErrorAtItsColumn() throws {
    let folder = try suite(["s": "options --polyphony 1 --fast\nC\n"])
    let result = try run(["test", folder])
    #expect(
      lines(result).contains(
        "  \(folder)/s.xylo:1:23: error: in options: unknown option '--fast'"))
  }

  @Test func toleranceOfOneStepAcceptsRoundingAndNothingMore() throws {
    let folder = try suite(["s": "C E G\n"])
    #expect(try run(["test", folder]).status == 0)
    #expect(try run(["test", folder, "--gain", "0.0001", "--tolerance", "lsb"]).status == 0)
    #expect(try run(["test", folder, "--gain", "0.0001"]).status == 1)
    #expect(try run(["test", folder, "--gain", "0.5", "--tolerance", "lsb"]).status == 1)
    try write("options --tolerance -60\nC E G\n", to: folder + "/s.xylo")
    #expect(try run(["test", folder, "--gain", "0.0001"]).status == 0)
  }

  @Test func reportsForCI() throws {
    let folder = try suite(["a": "C\n", "b": "D\n"])
    #expect(try run(["test", folder]).status == 0)
    try write("E\n", to: folder + "/b.xylo")
    let reports = try temporaryFolder()
    let result = try run([
      "test", folder, "--junit", reports + "/junit.xml", "--json", reports + "/r.json",
      "--annotate", "github",
    ])
    #expect(result.status == 1)
    let junit = try String(contentsOfFile: reports + "/junit.xml", encoding: .utf8)
    #expect(junit.contains("tests=\"2\" failures=\"1\" errors=\"0\""))
    #expect(junit.contains("<testcase classname=\"goldens\" name=\"\(folder)/b.xylo\""))
    #expect(
      junit.contains("<failure message=\"different: '\(folder)/b.golden.flac' and the render\">"))
    let json = try String(contentsOfFile: reports + "/r.json", encoding: .utf8)
    #expect(json.contains("\"outcome\": \"failed\""))
    // The failure as values: the key changed on line 1, and where the audio first differs.
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let tests = try #require(report["tests"] as? [[String: Any]])
    let failed = try #require(tests.first { $0["outcome"] as? String == "failed" })
    let changes = try #require(failed["tap_changes"] as? [[String: Any]])
    #expect(changes.count == 1)
    #expect(changes.first?["change"] as? String == "key")
    #expect(changes.first?["from_key"] as? String == "D")
    #expect(changes.first?["key"] as? String == "E")
    #expect(changes.first?["line"] as? Int == 1)
    #expect(failed["first_difference_frame"] as? Int == 0)
    #expect(lines(result).contains { $0.hasPrefix("::error file=\(folder)/b.xylo,line=1::") })
  }

  @Test func shardsAreDisjointAndCoverEveryTest() throws {
    var scores: [String: String] = [:]
    for index in 0..<12 { scores["s\(index)"] = "C\n" }
    let folder = try suite(scores)
    var seen: [String] = []
    for shard in 1...3 {
      seen += lines(try run(["test", folder, "--list", "--shard", "\(shard)/3"])).filter {
        !$0.isEmpty
      }
    }
    #expect(seen.sorted() == scores.keys.map { "\(folder)/\($0).xylo" }.sorted())
    #expect(listing(folder).count == 12)  // --list runs nothing
  }

  @Test func artifactsAreLeftOnlyForFailures() throws {
    let folder = try suite(["a": "C\n", "b": "D\n"])
    #expect(try run(["test", folder]).status == 0)
    try write("E\n", to: folder + "/b.xylo")
    let artifacts = try temporaryFolder() + "/artifacts"
    #expect(try run(["test", folder, "--artifacts", artifacts]).status == 1)
    #expect(listing(artifacts) == ["b.diff.wav", "b.png", "b.received.flac"])
  }
}
