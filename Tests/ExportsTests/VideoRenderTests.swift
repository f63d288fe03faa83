import Drawing
import Foundation
import Rendering
import TestSupport
import Testing

@testable import Exports

/// `renderVideo`: the pictures drawn, and the bytes at every number of drawing threads.
@Suite struct VideoRenderTests {
  /// C at 0 s, D at 1 s, C at 2 s: each dims its key for 0.2 s, two pictures at 10 fps.
  static let score = "tempo 60\nC D C\n"

  private func video(
    fps: Int = 10, threads: Int, style: InstrumentStyle = .app, in folder: String
  ) throws -> (summary: VideoSummary, bytes: Data) {
    var settings = VideoSettings()
    (settings.width, settings.height, settings.framesPerSecond) = (320, 180, fps)
    settings.threads = threads
    settings.style = style
    let path = "\(folder)/\(style)-\(threads).mp4"
    let summary = try renderVideo(Song(text: Self.score), video: settings, to: .file(path))
    return (summary, try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func aPictureThatLooksLikeTheOneBeforeItIsNeitherDrawnNorConvertedAgain() throws {
    let made = try video(threads: 2, in: try temporaryFolder())
    // 2 s and C's 0.768 s ring at 10 fps; C dimmed, at rest, D dimmed, at rest, C dimmed, at
    // rest: six different pictures in a row of 28.
    #expect(made.summary.videoFrameCount == 28)
    #expect(made.summary.drawnPictureCount == 6)
  }

  @Test func thePosterShowsNoKeyStruckEvenWhenTheFirstTapIsAtZero() throws {
    // Two songs starting at 0 on different keys: with a key dimmed their posters would differ.
    let folder = try temporaryFolder()
    var posters: [Data] = []
    for (index, text) in ["C D C", "D C D", "tempo 60\n. E"].enumerated() {
      var settings = VideoSettings()
      (settings.width, settings.height, settings.framesPerSecond) = (320, 180, 10)
      settings.title = "Poster"
      settings.posterPath = "\(folder)/\(index).png"
      _ = try renderVideo(Song(text: text), video: settings, to: .file("\(folder)/\(index).mp4"))
      posters.append(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(index).png")))
    }
    #expect(posters[0].count > 1_000)
    #expect(posters[1] == posters[0])
    #expect(posters[2] == posters[0])
  }

  @Test func inTheStageStyleEveryPictureIsDrawn() throws {
    let made = try video(threads: 2, style: .stage, in: try temporaryFolder())
    #expect(made.summary.drawnPictureCount == made.summary.videoFrameCount)
  }

  @Test(arguments: [InstrumentStyle.app, .stage])
  func theBytesAreTheSameAtOneTwoAndThreeDrawingThreads(_ style: InstrumentStyle) throws {
    let folder = try temporaryFolder()
    let one = try video(fps: 30, threads: 1, style: style, in: folder).bytes
    #expect(one.count > 1_000)
    for threads in [2, 3] {
      #expect(try video(fps: 30, threads: threads, style: style, in: folder).bytes == one)
    }
  }
}
