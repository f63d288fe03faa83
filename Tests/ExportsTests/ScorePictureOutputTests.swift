import Drawing
import Foundation
import GoldenTesting
import SampleBank
import ScoreParser
import TestSupport
import Testing

@testable import Exports
@testable import Rendering

/// `drawScorePicture`: a score's piano roll written as a PNG or SVG file, as `picture` does.
@Suite struct ScorePictureOutputTests {
  private func score(_ text: String, keys: [String]? = BuiltInBank().titles) throws -> Score {
    try #require(parseScore(text, options: ParseOptions(keys: keys)).score)
  }

  @Test func anSVGOfAScoreHasOneFilledShapePerTapAndReplacesAnEarlierFile() throws {
    let path = try temporaryFolder() + "/roll.svg"
    try Data("an earlier picture".utf8).write(to: URL(fileURLWithPath: path))
    try drawScorePicture(try score("tempo 120\nC E G C*0.5 G:2"), to: path)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    #expect(svg.hasPrefix("<?xml"))
    // The score taps C twice, E and G once and twice; each mark is the only opaque shape of
    // its key's colour (the rows are tints).
    let red = "fill:rgb(89.803922%,22.352941%,20.784314%);fill-opacity:1;"
    let yellow = "fill:rgb(99.215686%,84.705882%,20.784314%);fill-opacity:1;"
    let indigo = "fill:rgb(22.352941%,28.627451%,67.058824%);fill-opacity:1;"
    #expect(svg.components(separatedBy: red).count - 1 == 2)
    #expect(svg.components(separatedBy: yellow).count - 1 == 1)
    #expect(svg.components(separatedBy: indigo).count - 1 == 2)
  }

  @Test func rowsAreTheKeysUsedAndTheAppsSevenOnlyWhenEveryPitchIsTheApps() throws {
    let onTheApp = scorePicture(
      of: try score("title Mixed\nG6 kick E snare kick", keys: nil), title: nil)
    #expect(onTheApp.title == "Mixed")
    #expect(onTheApp.keys.map(\.title) == ["G6", "E", "C", "D", "F", "A", "B"])
    #expect(onTheApp.keys.map(\.midiNote) == [91, 88, 84, 86, 89, 93, 95])
    #expect(onTheApp.taps.map(\.key) == ["G6", "kick", "E", "snare", "kick"])
    // G5 is not one of the app's keys: only the keys played.
    let picture = scorePicture(
      of: try score("title Mixed\nG5 kick E snare kick", keys: nil), title: nil)
    #expect(picture.keys.map(\.title) == ["G5", "E"])
    #expect(picture.keys.map(\.midiNote) == [79, 88])
    let withoutAppKeys = scorePicture(of: try score("C5 D5"), title: "Two")
    #expect(withoutAppKeys.keys.map(\.title) == ["C5", "D5"])
    #expect(withoutAppKeys.title == "Two")
  }

  @Test func tapsSitAtTheirExactTimesInSeconds() throws {
    let picture = scorePicture(of: try score("tempo 90\nC D:1/3 E\n"))
    let seconds: [Double] = [0, 2.0 / 3, 8.0 / 9]
    #expect(picture.taps.map(\.seconds) == seconds)
    #expect(picture.duration == 14.0 / 9)
  }

  @Test(
    arguments: [
      ("tempo 120\nC D E F", nil, [0, 0.5, 1, 1.5, 2]),
      ("tempo 120\nC D E F G", 2, [0, 1, 2]),
      ("tempo 120\nC D\ntempo 60\nE F", nil, [0, 0.5, 1, 2, 3]),
      ("C D E F", nil, []),
      // A meter draws its bars: 6/8 at 60 lasts 3 s; set again at 4.5 s, a bar starts there.
      ("meter 6/8\ntempo 60\nC:3 D:3/2\nmeter 2/4\nE:2 F:2", nil, [0, 3, 4.5, 6.5, 8.5]),
      ("meter 3/4\ntempo 120\nC:3 D:3", 2, [0, 1, 2, 3]),
      ("meter 7/8\nC:7/2", nil, [0, 1.75]),
    ] as [(String, Int?, [Double])])
  func linesFallOnEveryBeatOrBarOfEachTempo(text: String, beatsPerBar: Int?, times: [Double])
    throws
  {
    #expect(scorePicture(of: try score(text), beatsPerBar: beatsPerBar).barTimes == times)
  }

  @Test func aNameOfNeitherFormatIsRefusedBeforeAnythingIsWritten() throws {
    let folder = try temporaryFolder()
    #expect(
      throws: RenderError.invalidSetting(
        "'\(folder)/roll.jpg' must name a picture ('.png' or '.svg')")
    ) {
      try drawScorePicture(try score("C"), to: folder + "/roll.jpg")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
  }

  @Test func thePictureIsNeverWrittenOverTheScore() throws {
    let path = try temporaryFolder() + "/song.svg"
    try Data("C D E".utf8).write(to: URL(fileURLWithPath: path))
    #expect(
      throws: RenderError.output(
        OutputError(path: path, reason: "it is the same file as the input '\(path)'"))
    ) {
      try drawScorePicture(try score("C D E"), to: path, scorePath: path)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "C D E")
  }

  @Test func aFailedGoldenTestLeavesAPictureWithTheScoresTaps() throws {
    let folder = try temporaryFolder()
    let path = folder + "/s.xylo"
    try Data("tempo 120\nC D\nE G\n".utf8).write(to: URL(fileURLWithPath: path))
    var options = GoldenRunOptions()
    options.artifacts = folder + "/artifacts"
    #expect(runGoldenTest(GoldenTest(score: path), options: options).outcome == .written)
    try Data("tempo 120\nC D\nE:1.02 G\n".utf8).write(to: URL(fileURLWithPath: path))
    let failed = runGoldenTest(GoldenTest(score: path), options: options)
    #expect(failed.outcome == .failed)
    #expect(FileManager.default.fileExists(atPath: folder + "/artifacts/s.png"))
  }

  /// `XYLO_SCORE_PICTURE=/tmp/twinkle-roll.png swift test --filter ScorePictureOutputTests`
  /// draws Examples/scores/twinkle.xylo there, to look at.
  @Test func drawsTheTwinklePictureWhereAsked() throws {
    guard let path = ProcessInfo.processInfo.environment["XYLO_SCORE_PICTURE"] else { return }
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Examples/scores/twinkle.xylo").path
    try drawScorePicture(
      try score(try String(contentsOfFile: source, encoding: .utf8)), to: path)
  }
}
