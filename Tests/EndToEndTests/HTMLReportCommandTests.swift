import Foundation
import TestSupport
import Testing

/// `xylo-render test --report FILE.html`: the page is written whatever the outcome, is the
/// same for the same run but for its time line, approves with the run's options, and never
/// takes the place of a golden.
@Suite struct HTMLReportCommandTests {
  /// A folder whose `s.xylo` has a golden, then changes: its G moved by 10 ms.
  private func failingSuite() throws -> String {
    let folder = try temporaryFolder()
    try Data("tempo 120\nC D\nE G\n".utf8).write(to: URL(fileURLWithPath: folder + "/s.xylo"))
    #expect(try run(["test", folder]).status == 0)
    try Data("tempo 120\nC D\nE:1.02 G\n".utf8).write(to: URL(fileURLWithPath: folder + "/s.xylo"))
    return folder
  }

  private func page(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func theSameRunGivesTheSamePageButForItsTimeLine() throws {
    let folder = try failingSuite()
    let reports = try temporaryFolder()
    for name in ["a", "b"] {
      let result = try run(["test", folder, "--report", "\(reports)/\(name).html"])
      #expect(result.status == 1)
    }
    func withoutTime(_ text: String) -> [Substring] {
      text.split(separator: "\n").filter { !$0.hasPrefix("<p class=\"time\">took ") }
    }
    let first = try page(reports + "/a.html")
    #expect(first.contains("<p class=\"time\">took "))
    #expect(withoutTime(first) == withoutTime(try page(reports + "/b.html")))
    #expect(first.contains("<td>moved +480 frames (+10.000 ms)</td>"))
    #expect(
      listing(folder) == ["s.golden.flac", "s.golden.manifest.json", "s.golden.taps", "s.xylo"])
  }

  @Test func theApproveCommandRepeatsTheOptionsThatChangeTheRender() throws {
    let folder = try failingSuite()
    let report = try temporaryFolder() + "/r.html"
    let result = try run([
      "test", folder, "--gain", "-0.5", "--jobs", "1", "--tolerance", "-90", "--report", report,
    ])
    #expect(result.status == 1)
    #expect(
      try page(report).contains(
        "data-command=\"xylo-render test --update --tolerance -90 --gain -0.5 \(folder)/s.xylo\""))
  }

  @Test func aPassingRunWritesAPageWithNoFailure() throws {
    let folder = try failingSuite()
    #expect(try run(["test", folder, "--update"]).status == 0)
    let report = try temporaryFolder() + "/r.html"
    #expect(try run(["test", folder, "--ci", "--report", report]).status == 0)
    let text = try page(report)
    #expect(text.contains("<title>xylo-render goldens: all passed</title>"))
    #expect(!text.contains("<section"))
  }

  @Test func aReportCannotReplaceAGoldenOfTheRun() throws {
    let folder = try failingSuite()
    let golden = folder + "/s.golden.flac"
    let bytes = try Data(contentsOf: URL(fileURLWithPath: golden))
    let result = try run(["test", folder, "--report", golden])
    #expect(result.status == 1)
    #expect(result.stderr.contains("it is a score or golden of these tests"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: golden)) == bytes)
  }
}
