import Foundation
import SampleBank
import TestSupport
import Testing

/// Every sample file the fuzzer ever found troublesome loads or is refused with a reason.
@Suite struct SampleFuzzRegressionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("fuzz-regressions")

  /// The inputs in the folder, sorted; a folder that cannot be listed throws, so the cases
  /// below fail instead of vanishing.
  static func inputs() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0 != "README.md" }.sorted()
  }

  @Test func theFolderHoldsAtLeastOneInput() throws {
    #expect(try !Self.inputs().isEmpty)
  }

  @Test(arguments: try inputs())
  func foundSampleLoadsOrIsRefusedWithAReason(_ name: String) throws {
    let bank = try temporaryFolder()
    try Data(contentsOf: Self.folder.appendingPathComponent(name))
      .write(to: URL(fileURLWithPath: bank + "/C.wav"))
    do {
      let sample = try folderBank(bank).sample(for: "C")
      #expect(sample.channels == 1 || sample.channels == 2)
    } catch {
      #expect(!error.reason.isEmpty)
    }
  }
}
