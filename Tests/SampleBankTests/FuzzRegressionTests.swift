import Foundation
import SampleBank
import Testing

/// Every sample file the fuzzer ever found troublesome loads or is refused with a reason.
@Suite struct SampleFuzzRegressionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("fuzz-regressions")

  static var inputs: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0 != "README.md" }.sorted()
  }

  @Test(arguments: inputs)
  func foundSampleLoadsOrIsRefusedWithAReason(_ name: String) throws {
    let bank = try temporaryFolder()
    try Data(contentsOf: Self.folder.appendingPathComponent(name))
      .write(to: URL(fileURLWithPath: bank + "/C.wav"))
    do {
      let sample = try DirectoryBank(path: bank).sample(for: "C")
      #expect(sample.channels == 1 || sample.channels == 2)
    } catch {
      #expect(!error.reason.isEmpty)
    }
  }
}
