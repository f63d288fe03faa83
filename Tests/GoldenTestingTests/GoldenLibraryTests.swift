import Foundation
import GoldenReports
import TestSupport
import Testing

@testable import GoldenTesting
@testable import Rendering

/// The golden-testing library as a Swift test calls it: comparing renders, the taps sounding
/// at a difference, one golden test run from Swift.
@Suite struct GoldenLibraryTests {
  @Test func aGoldenComparisonOfTwoEqualRendersPasses() throws {
    let folder = try temporaryFolder()
    let score = try scoreFile("C D E", in: folder)
    for name in ["a.flac", "b.wav"] {
      _ = try Song(file: score).render(to: .file("\(folder)/\(name)"))
    }
    let comparison = try compareGolden(expected: folder + "/a.flac", actual: folder + "/b.wav")
    #expect(comparison.passed)
    #expect(comparison.lines.first?.hasPrefix("identical: ") == true)
  }

  @Test func soundingTapsFollowThePolyphonyTheRenderUsed() throws {
    let folder = try temporaryFolder()
    let score = try scoreFile("tempo 600\nC D E", in: folder)  // 0.1 s apart, all still ringing
    let frame: Int64 = 10_000  // after E starts at 9600
    let all = try soundingTaps(at: frame, rate: 48_000, in: ScoreContext(path: score))
    #expect(all.map(\.key) == ["C", "D", "E"])
    let app = try soundingTaps(
      at: frame, rate: 48_000, in: ScoreContext(path: score, options: SoundOptions(polyphony: 1))
    )
    #expect(app == [SoundingTap(key: "E", line: 2)])
  }

  @Test func aGoldenTestFromSwiftWritesPassesAndExplainsAChange() throws {
    let folder = try temporaryFolder()
    let score = try scoreFile("tempo 120\nC D\nE G\n", in: folder)
    let options = GoldenRunOptions()
    #expect(runGoldenTest(GoldenTest(score: score), options: options).outcome == .written)
    let passed = runGoldenTest(GoldenTest(score: score), options: options)
    #expect(passed.outcome == .passed, "\(passed.lines)")
    _ = try scoreFile("tempo 120\nC D\nE:1.02 G\n", in: folder)
    let failed = runGoldenTest(GoldenTest(score: score), options: options)
    #expect(failed.outcome == .failed)
    #expect(
      failed.tapChanges == [
        TapChange(
          kind: .moved(fromFrame: 72_000),
          tap: RecordedTap(frame: 72_480, key: "G", gain: 1, line: 3))
      ])
    #expect(failed.lines.contains("  s.xylo:3: G moved 1.500 s → 1.510 s (+480 frames)"))
    #expect(failed.line == 3)
  }

  @Test func aKeyRespelledIsTheSameBarToAGolden() throws {
    let folder = try temporaryFolder()
    let score = try scoreFile("tempo 120\nA#5 D6\nD#6 G6\n", in: folder)
    let options = GoldenRunOptions()
    #expect(runGoldenTest(GoldenTest(score: score), options: options).outcome == .written)
    _ = try scoreFile("tempo 120\nBb5 D6\nEb6 G6\n", in: folder)
    let respelled = runGoldenTest(GoldenTest(score: score), options: options)
    #expect(respelled.outcome == .passed, "\(respelled.lines)")
    _ = try scoreFile("tempo 120\nBb5 D6\nEb6:1.02 G6\n", in: folder)
    let moved = runGoldenTest(GoldenTest(score: score), options: options)
    #expect(moved.outcome == .failed)
    #expect(
      moved.tapChanges == [
        TapChange(
          kind: .moved(fromFrame: 72_000),
          tap: RecordedTap(frame: 72_480, key: "G6", gain: 1, line: 3))
      ])
  }

  private func scoreFile(_ text: String, in folder: String) throws -> String {
    let path = folder + "/s.xylo"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }
}
