import Foundation
import TestSupport
import Testing

/// The built-in bank's level at default settings: loud enough not to need normalizing, with
/// room for the chords the examples and the README hold.
@Suite struct DefaultLevelTests {
  /// `loudness`'s integrated loudness and sample peak of `file`.
  private func measured(_ file: String) throws -> (lufs: Double, peak: Double) {
    let words = try run(["loudness", file]).stdout.split(
      separator: " ", omittingEmptySubsequences: true)
    guard let lufs = words.first.flatMap({ Double($0) }),
      let peakIndex = words.firstIndex(of: "sample"), let peak = Double(words[peakIndex + 2])
    else { throw CocoaError(.coderReadCorrupt) }
    return (lufs, peak)
  }

  @Test func twinkleMeasuresBetweenMinus26AndMinus20LUFS() throws {
    let folder = try temporaryFolder()
    _ = try run(["render", "Examples/scores/twinkle.xylo", "-o", folder + "/t.wav", "--quiet"])
    let (lufs, _) = try measured(folder + "/t.wav")
    #expect((-26.0...(-20)).contains(lufs), "\(lufs) LUFS")
  }

  @Test func noExampleNorTheReadmesChordPeaksAboveMinusOneDBFS() throws {
    let folder = try temporaryFolder()
    let scores = try FileManager.default.contentsOfDirectory(atPath: "Examples/scores")
      .filter { $0.hasSuffix(".xylo") }.map { "Examples/scores/" + $0 }
    let chord = try file("chord.xylo", in: folder, holding: Array("C+E+G\n".utf8))
    #expect(scores.count == 8)
    for (index, score) in (scores + [chord]).enumerated() {
      _ = try run(["render", score, "-o", "\(folder)/\(index).wav", "--quiet"])
      let (_, peak) = try measured("\(folder)/\(index).wav")
      #expect(peak <= -1, "\(score): \(peak) dBFS")
    }
  }
}
