import Foundation
import GoldenReports
import GoldenTesting
import Rendering
import Testing

/// A golden test from Swift: renders the score beside this file as `xylo-render test` does (its
/// `options` line included), compares it with its golden, and fails with the lines the tool
/// prints (`GoldenReports`); the result also holds them as values (`verdict`, `tapChanges`).
@Test func theAlarmMatchesItsGolden() {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  var options = GoldenRunOptions()
  options.mode = .ci  // a missing golden fails instead of being written
  let test = GoldenTest(score: folder.appendingPathComponent("alarm.xylo").path, format: .sha256)
  let result = runGoldenTest(test, options: options)
  #expect(!result.outcome.fails(in: options.mode), "\(result.lines.joined(separator: "\n"))")
}
