import Foundation
import GoldenTesting
import Rendering
import TestSupport
import Testing
import XCTest
import XyloTesting

/// `checkGolden`: a score rendered and compared with its golden in memory, with record modes.
@Suite struct GoldenCheckTests {
  private static let song = "tempo 120\nC D E F\nG+C:2\n"

  /// A test file in a fresh folder, so goldens are written there, not in the repository.
  private func testFile() throws -> String { try temporaryFolder() + "/SongTests.swift" }

  @Test func aMissingGoldenIsWrittenThenMatched() throws {
    let file = try testFile()
    #expect(
      try checkGolden(score: Self.song, named: "song", record: .missing, filePath: file)
        == .recorded)
    let folder = Path(file).folder + "/Goldens"
    #expect(listing(folder) == ["song.flac", "song.manifest.json", "song.taps"])
    #expect(
      try checkGolden(score: Self.song, named: "song", record: .never, filePath: file) == .matched)
  }

  @Test func aChangedScoreFailsWithTheRunnersExplanation() throws {
    let file = try testFile()
    try checkGolden(score: Self.song, named: "song", record: .all, filePath: file)
    let changed = Self.song.replacingOccurrences(of: "C D E F", with: "C D E*0.5 F")
    let mismatch = try #require(throws: GoldenMismatch.self) {
      try checkGolden(score: changed, named: "song", record: .never, filePath: file)
    }
    #expect(mismatch.lines.first?.hasPrefix("different: '") == true)
    #expect(mismatch.description.contains("the render"))
    #expect(mismatch.description.contains("first difference"))
    #expect(!mismatch.recorded)
  }

  @Test func aFailureNamesTheTempoAndTheTapsThatChangedAsTheCommandLineDoes() throws {
    let file = try testFile()
    try checkGolden(score: Self.song, named: "song", record: .all, filePath: file)
    let faster = Self.song.replacingOccurrences(of: "tempo 120", with: "tempo 126")
    let tempo = try #require(throws: GoldenMismatch.self) {
      try checkGolden(score: faster, named: "song", record: .never, filePath: file)
    }
    #expect(tempo.lines.first?.hasPrefix("different: '") == true)
    #expect(
      tempo.lines.contains("  tempo 120 → 126 from line 1: 5 taps after it moved proportionally"),
      "\(tempo.lines)")
    let changedKey = Self.song.replacingOccurrences(of: "C D E F", with: "C D G F")
    let key = try #require(throws: GoldenMismatch.self) {
      try checkGolden(score: changedKey, named: "song", record: .never, filePath: file)
    }
    #expect(
      key.lines.contains { $0.hasPrefix("  song.xylo:2: ") && $0.contains("key E → G") },
      "\(key.lines)")
  }

  @Test func neverFailsOnAMissingGoldenAndWritesNothing() throws {
    let file = try testFile()
    let mismatch = try #require(throws: GoldenMismatch.self) {
      try checkGolden(score: Self.song, named: "song", record: .never, filePath: file)
    }
    #expect(mismatch.lines.first?.hasPrefix("missing golden '") == true)
    #expect(listing(Path(file).folder) == [])
  }

  @Test func failedWritesTheNewGoldenAndStillFails() throws {
    let file = try testFile()
    try checkGolden(score: Self.song, named: "song", record: .all, filePath: file)
    let changed = Self.song + "A\n"
    let mismatch = try #require(throws: GoldenMismatch.self) {
      try checkGolden(score: changed, named: "song", record: .failed, filePath: file)
    }
    #expect(mismatch.recorded)
    #expect(
      try checkGolden(score: changed, named: "song", record: .never, filePath: file) == .matched)
  }

  @Test(arguments: ["pcm16", "pcm24"])
  func theRenderInMemoryIsWhatTheFileHoldsSampleForSample(encoding: String) throws {
    var options = SoundOptions()
    options.encoding = SampleEncoding(rawValue: encoding)
    options.ditherSeed = 7
    let song = try Song(text: Self.song, options: options)
    var settings = song.settings
    settings.format = try OutputFormat.make(container: .flac, encoding: options.encoding).get()
    let plan = try RenderPlan(score: song.score, bank: song.bank, settings: settings)
    let path = try temporaryFolder() + "/song.flac"
    _ = try render(plan, to: .file(path))
    let file = try SoundFileReader(path: path)
    let memory = try renderAsWritten(plan)
    #expect(memory.info.frameCount == file.info.frameCount)
    #expect(memory.info.integerWidth == file.info.integerWidth)
    #expect(try memory.readAllDoubles() == file.readAllDoubles())
  }
}

/// The same call from XCTest: a mismatch is a thrown error, which fails the test.
final class GoldenCheckXCTests: XCTestCase {
  func testAGoldenCheckRunsFromXCTest() throws {
    let file = try temporaryFolder() + "/SongTests.swift"
    XCTAssertEqual(
      try checkGolden(score: "C E G\n", named: "arpeggio", record: .missing, filePath: file),
      .recorded)
    XCTAssertEqual(
      try checkGolden(score: "C E G\n", named: "arpeggio", record: .never, filePath: file),
      .matched)
    XCTAssertThrowsError(
      try checkGolden(score: "C E A\n", named: "arpeggio", record: .never, filePath: file))
  }
}

/// A path's folder, for the tests.
private struct Path {
  let value: String
  init(_ value: String) { self.value = value }
  var folder: String { (value as NSString).deletingLastPathComponent }
}
