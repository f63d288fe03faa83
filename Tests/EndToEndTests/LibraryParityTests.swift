import Exports
import Foundation
import Rendering
import TestSupport
import Testing

/// The library does what the tool does: the same score and options give the same bytes, the
/// score's `options` line included.
@Suite struct LibraryParityTests {
  @Test(arguments: [
    ("Examples/scores/twinkle.xylo", "wav", [String](), SoundOptions()),
    ("-", "flac", ["--room", "small"], SoundOptions(room: .small)),
    ("-", "wav", ["--gain", "0"], SoundOptions(level: .gain(decibels: 0))),
  ])
  func theLibraryWritesTheBytesTheToolWrites(
    _ score: String, _ format: String, _ arguments: [String], _ options: SoundOptions
  ) throws {
    let folder = try temporaryFolder()
    // A score of its own, whose options line the explicit options partly override.
    let text = "options --gain -6 --rate 44100 --encoding pcm24\ntempo 150\nC E G C+E+G:2\n"
    let path = score == "-" ? folder + "/song.xylo" : packageRoot.path + "/" + score
    if score == "-" { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    let byTool = folder + "/tool.\(format)"
    let byLibrary = folder + "/library.\(format)"
    let result = try run(["render", path, "-o", byTool, "--quiet"] + arguments)
    try #require(result.status == 0, "\(result.stderr)")
    _ = try Song(file: path, options: options).render(to: .file(byLibrary))
    let tool = try Data(contentsOf: URL(fileURLWithPath: byTool))
    #expect(tool == (try Data(contentsOf: URL(fileURLWithPath: byLibrary))))
    #expect(tool.count > 1_000)
  }

  @Test func theLibraryWritesTheStemsTheToolWrites() throws {
    let folder = try temporaryFolder()
    let score = packageRoot.path + "/Examples/midi/ode-to-joy-band.mid"
    let result = try run([
      "render", score, "--stems", folder + "/tool", "--format", "flac", "--normalize", "--quiet",
    ])
    try #require(result.status == 0, "\(result.stderr)")
    let summary = try Song(file: score, options: SoundOptions(level: .normalize(peakDecibels: -1)))
      .renderStems(StemsRequest(folder: folder + "/library"), as: .sound(.flac))
    #expect(listing(folder + "/tool") == ["02-Theme.flac", "03-Bass.flac"])
    #expect(
      summary.stems.map(\.path) == ["02-Theme", "03-Bass"].map { "\(folder)/library/\($0).flac" })
    for name in listing(folder + "/tool") {
      #expect(
        FileManager.default.contents(atPath: "\(folder)/tool/\(name)")
          == FileManager.default.contents(atPath: "\(folder)/library/\(name)"))
    }
  }

  @Test func theLibraryWritesThePageTheToolWrites() throws {
    let folder = try temporaryFolder()
    let score = packageRoot.path + "/Examples/scores/twinkle.xylo"
    let result = try run([
      "page", score, "-o", folder + "/tool.html", "--title", "Twinkle", "--bitrate", "96",
      "--quiet",
    ])
    try #require(result.status == 0, "\(result.stderr)")
    var settings = PageSettings()
    settings.title = "Twinkle"
    settings.audioBitRate = 96_000
    let summary = try renderPage(
      Song(file: score), settings: settings, to: .file(folder + "/library.html"))
    let tool = try #require(FileManager.default.contents(atPath: folder + "/tool.html"))
    #expect(tool == FileManager.default.contents(atPath: folder + "/library.html"))
    #expect(summary.byteCount == tool.count)
    #expect(summary.audio.totalFrames == 1_385_674)
    #expect((summary.keyCount, summary.playableKeyCount) == (7, 7))
  }
}
