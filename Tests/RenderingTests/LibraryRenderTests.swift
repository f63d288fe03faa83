import AudioBasics
import Foundation
import SampleBank
import ScoreParser
import SoundFile
import TestSupport
import Testing

@testable import Rendering

/// The library API a Swift user calls: rendering to memory and to files, cancelling,
/// normalizing, comparing.
@Suite struct LibraryRenderTests {
  /// "C E G" fits in one chunk; the longer score takes several of the larger chunks a file that
  /// stores its values as they are is written in, and the render to memory's smaller ones.
  @Test(arguments: ["C E G", "tempo 90\nC E G C+E D:2 [F G A B]x12 HighC+C:4"])
  func aScoreInMemoryMatchesTheSameScoreWrittenAsFloatWAV(_ text: String) throws {
    let settings = RenderSettings(format: .floatWAV)
    var song = try Song(text: text)
    song.settings = settings
    let audio = try song.render()
    let path = try temporaryFolder() + "/song.wav"
    let plan = try RenderPlan(
      score: try #require(
        parseScore(text, options: ParseOptions(keys: BuiltInBank().titles)).score),
      bank: BuiltInBank(), settings: settings)
    let summary = try render(plan, to: .file(path))
    #expect(summary.totalFrames == Int64(audio.frameCount))
    #expect(summary.rate == 48_000 && audio.rate == 48_000 && audio.channels == 1)
    // Mono 16-bit: two light chunks of frames.
    #expect(text == "C E G" || summary.totalFrames > Int64(ChunkPipeline.lightMixChunkBytes))
    let reader = try SoundFileReader(path: path)
    #expect(try reader.readAll(maxFrames: 10_000_000) == audio.values)
  }

  @Test func normalizingPutsThePeakOnTheTarget() throws {
    let audio = try Song(text: "C+E+G", options: SoundOptions(level: .normalize(peakDecibels: -3)))
      .render()
    #expect(abs(Double(audio.peak.peak) - Decibels.linear(-3)) < 1e-6)
  }

  @Test func aCancelledRenderLeavesNoFileAndTheOldOneUntouched() throws {
    let folder = try temporaryFolder()
    let path = folder + "/song.wav"
    try Data("the previous render".utf8).write(to: URL(fileURLWithPath: path))
    var calls = 0
    #expect(throws: RenderError.cancelled) {
      _ = try Song(file: try scoreFile("tempo 600\n[C D E F G A B]x40", in: folder)).render(
        to: .file(path)
      ) { _ in
        calls += 1
        return .cancel
      }
    }
    #expect(calls == 1)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "the previous render")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "s.xylo", "song.wav",
      ])
  }

  @Test func aScoreWithErrorsThrowsEveryDiagnosticWithItsLine() throws {
    let folder = try temporaryFolder()
    let score = try scoreFile("C Cc\nQ", in: folder)
    do throws(RenderError) {
      _ = try Song(file: score).render(to: .file(folder + "/o.wav"))
      Issue.record("a score with errors rendered")
    } catch {
      guard case .score(let path, let diagnostics, let lines) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == score)
      #expect(diagnostics.map { "\($0.line):\($0.column)" } == ["1:3", "2:1"])
      #expect(lines == [1: "C Cc", 2: "Q"])
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["s.xylo"])
  }

  @Test(arguments: [
    (RenderSettings(rate: 500), "rate must be from 1000 to 768000, got 500"),
    (RenderSettings(channels: 3), "channels must be from 1 to 2, got 3"),
    (RenderSettings(jobs: 0), "jobs must be from 1 to 256, got 0"),
    (RenderSettings(level: .gain(decibels: 80)), "gain must be from -120.0 to 60.0, got 80.0"),
  ])
  func settingsOutsideTheirRangesAreRefused(_ settings: RenderSettings, _ reason: String) {
    #expect(throws: RenderError.invalidSetting(reason)) {
      var song = try Song(text: "C")
      song.settings = settings
      _ = try song.render()
    }
  }

  private func scoreFile(_ text: String, in folder: String) throws -> String {
    let path = folder + "/s.xylo"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }
}

/// The library reads a score as the tool does: its `options` line applies, under what the
/// caller sets explicitly.
@Suite struct ScoreOptionsLineTests {
  private func peak(_ song: Song) throws -> Float { try song.render().peak.peak }

  @Test func theScoresOptionsLineShapesTheLibrarysRender() throws {
    let plain = try Song(text: "C E G")
    let quieter = try Song(text: "options --gain -6\nC E G")
    let ratio = try peak(quieter) / peak(plain)
    #expect(abs(Double(ratio) - Decibels.linear(-6)) < 1e-6)
    #expect(try Song(text: "options --rate 44100\nC").render().rate == 44_100)
  }

  @Test func theCallersOptionsWinOverTheScoresAndTheRestStays() throws {
    let song = try Song(
      text: "options --gain -6 --rate 44100\nC E G",
      options: SoundOptions(level: .gain(decibels: 0)))
    #expect(song.settings.level == .gain(decibels: 0))
    #expect(song.settings.rate == 44_100)
  }

  @Test func aBadOptionsWordIsAScoreErrorAtItsColumn() throws {
    #expect(throws: RenderError.self) { try Song(text: "options --rate 5\nC") }
    do throws(RenderError) {
      _ = try Song(text: "options --rate 5\nC", name: "song.xylo")
    } catch {
      guard case .score(let path, let diagnostics, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == "song.xylo")
      #expect(diagnostics.map { "\($0.line):\($0.column)" } == ["1:16"])
    }
  }
}

/// A render's summary says what it warns of as values, which the tool words.
@Suite struct RenderWarningTests {
  private func summary(_ text: String, _ options: SoundOptions = SoundOptions()) throws
    -> RenderSummary
  {
    let path = try temporaryFolder() + "/song.wav"
    return try Song(text: text, options: options).render(to: .file(path))
  }

  @Test func aScoreWithoutTapsWarnsOfSilence() throws {
    #expect(try summary("tempo 120\n").warnings == [.silence])
  }

  @Test func clippingIsCountedWithThePeakAndItsFrame() throws {
    let warnings = try summary("C+E+G+HighC", SoundOptions(level: .gain(decibels: 24))).warnings
    guard case .clipped(let count, let peak, _, let keptInFloat)? = warnings.first else {
      Issue.record("no clipping in \(warnings)")
      return
    }
    #expect(count > 0 && peak > 0 && !keptInFloat)
  }

  @Test func aQuietRenderWarnsOfNothingAndKnowsItsLength() throws {
    let result = try summary("C E G")
    #expect(result.warnings.isEmpty)
    #expect(result.duration == Rational(result.totalFrames, 48_000))
  }
}

@Suite struct StreamedBlockTests {
  @Test func blocksInOrderAreTheRenderInMemory() throws {
    let song = try Song(text: "tempo 90\n[C E G C+E D:2 F G A B]x8 HighC:4")
    var streamed: [Float] = []
    var starts: [Int64] = []
    try song.render { (values, firstFrame) throws(RenderError) in
      starts.append(firstFrame)
      #expect(firstFrame == Int64(streamed.count))  // mono: a value a frame
      streamed.append(contentsOf: values)
    }
    #expect(starts.count > 1)
    #expect(streamed == (try song.render().values))
  }
}
