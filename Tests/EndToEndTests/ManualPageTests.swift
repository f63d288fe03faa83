import Foundation
import Testing

@testable import xylo_render

/// `xylo-render manual`: a manual page groff and mandoc read without a warning, listing every
/// command and every option it parses.
@Suite struct ManualPageTests {
  /// What `tool` prints (standard output and error together) reading the page from its input,
  /// and its exit status.
  private func check(_ page: Data, with tool: String, _ arguments: [String]) throws -> (
    String, Int32
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    input.fileHandleForWriting.write(page)
    try input.fileHandleForWriting.close()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: printed, as: UTF8.self), process.terminationStatus)
  }

  @Test func groffAndMandocReadThePageWithoutAWarning() throws {
    let page = try run(["manual"])
    #expect(page.status == 0)
    #expect(page.stderr == "")
    let groff = try check(page.stdoutData, with: "/usr/bin/groff", ["-ww", "-z", "-man"])
    #expect(groff.0 == "")
    #expect(groff.1 == 0)
    let mandoc = try check(
      page.stdoutData, with: "/usr/bin/mandoc", ["-T", "lint", "-W", "warning"])
    #expect(mandoc.0 == "")
    #expect(mandoc.1 == 0)
  }

  @Test func thePageListsEveryCommandAndEveryOption() throws {
    let page = try run(["manual"]).stdout
    for command in XyloRender.commands {
      #expect(page.contains("\n.SS \(command.name)\n"), "\(command.name)")
      for option in command.options {
        let name = "\\fB" + option.name.replacing("-", with: "\\-") + "\\fR"
        #expect(page.contains("\n" + name) || page.contains(", " + name), "\(option.name)")
      }
    }
    #expect(page.contains("\n.SH EXIT STATUS\n"))
    #expect(page.contains("\n.SH SCORE FORMAT\n"))
  }
}
