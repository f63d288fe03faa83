import Drawing
import Foundation
import TestSupport
import Testing

@Suite struct GoldenPictureTests {
  @Test(arguments: [(1200, 720), (800, 480), (640, 1000)])
  func writesAPNGOfTheGivenSize(width: Int, height: Int) throws {
    let path = try temporaryFolder() + "/golden.png"
    try SyntheticGolden.picture().write(to: path, width: width, height: height)
    let header = try #require(PNGHeader(bytes: try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(header.width == width)
    #expect(header.height == height)
  }

  @Test func theSameInputGivesTheSameBytes() throws {
    let folder = try temporaryFolder()
    let picture = SyntheticGolden.picture()
    try picture.write(to: folder + "/first.png")
    try picture.write(to: folder + "/second.png")
    let first = try Data(contentsOf: URL(fileURLWithPath: folder + "/first.png"))
    let second = try Data(contentsOf: URL(fileURLWithPath: folder + "/second.png"))
    #expect(first == second)
  }

  @Test func aPathInAMissingFolderGivesAnErrorNamingIt() throws {
    let path = try temporaryFolder() + "/missing/golden.png"
    #expect(
      throws: DrawingError(
        path: path, reason: "error while writing to output stream: no such file or directory")
    ) {
      try SyntheticGolden.picture().write(to: path)
    }
  }

  @Test(arguments: [(0, 720), (1200, -1), (40_000, 720)])
  func aSizeOutsideCairosLimitsIsAnError(width: Int, height: Int) throws {
    #expect(
      throws: DrawingError(
        path: "a.png",
        reason: "a picture of \(width)×\(height) pixels; each side must be 1 to 32767")
    ) {
      try SyntheticGolden.picture().write(to: "a.png", width: width, height: height)
    }
  }

  @Test func aPictureWithoutBandLevelsOrMarkerIsWritten() throws {
    var picture = SyntheticGolden.picture()
    picture.bandLevels = []
    picture.firstDifferenceFrame = nil
    let path = try temporaryFolder() + "/plain.png"
    try picture.write(to: path, width: 900, height: 500)
    let header = try #require(PNGHeader(bytes: try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(header.width == 900 && header.height == 500)
  }

  @Test func emptyAndTinyPicturesAreWritten() throws {
    let folder = try temporaryFolder()
    let empty = GoldenPicture(
      title: "empty", expected: [], actual: [], channels: 1, rate: 48_000,
      firstDifferenceFrame: 0, bandLevels: [[-120]], bandCenters: [1000], windowSeconds: 0.01)
    try empty.write(to: folder + "/empty.png")
    try SyntheticGolden.picture().write(to: folder + "/tiny.png", width: 1, height: 1)
    let header = try #require(
      PNGHeader(bytes: try Data(contentsOf: URL(fileURLWithPath: folder + "/tiny.png"))))
    #expect(header.width == 1 && header.height == 1)
  }

  /// `XYLO_GOLDEN_PICTURE=/tmp/golden-picture.png swift test --filter DrawingTests` writes the
  /// synthetic picture there, to look at.
  @Test func writesTheExamplePictureWhereAsked() throws {
    guard let path = ProcessInfo.processInfo.environment["XYLO_GOLDEN_PICTURE"] else { return }
    try SyntheticGolden.picture().write(to: path)
  }
}
