import Foundation
import ScoreParser
import Testing

/// Every input the fuzzer ever found, and the hostile scores written to probe the same limits,
/// parses to a score or to errors without crashing or hanging.
@Suite struct FuzzRegressionTests {
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
  func foundInputParsesWithoutCrashing(_ name: String) throws {
    let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    let result = parseScore(bytes, options: ParseOptions(keys: ["C", "D", "E", "HighC"]))
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect((result.score == nil) == !errors.isEmpty)
    #expect(errors.count <= 51)
  }
}
