import Foundation
import TestSupport
import Testing

/// Standard output, FIFOs and devices get the file as the render makes it, with no temporary
/// file anywhere (`$TMPDIR` points at a folder that does not exist), and the same bytes as a
/// file on disk.
@Suite struct StreamedOutputTests {
  private static let song = "tempo 150\ntitle Streamed\n[C E G C+E . G]x2\n"

  static let formats: [[String]] = [
    ["--format", "wav"], ["--format", "wav", "--encoding", "float"],
    ["--format", "wav", "--encoding", "pcm24", "--channels", "2"], ["--format", "flac"],
    ["--format", "flac", "--encoding", "pcm24"], ["--format", "aiff"], ["--format", "caf"],
    ["--format", "w64"], ["--format", "rf64"], ["--format", "rf64", "--encoding", "float"],
    ["--format", "ogg"], ["--format", "opus"], ["--format", "mp3"],
  ]

  @Test(arguments: formats)
  func standardOutputCarriesTheSameBytesAsAFileWithoutATemporaryFile(options: [String]) throws {
    let score = try temporaryScore(Self.song)
    let folder = try temporaryFolder()
    let file = folder + "/out"
    let written = try run(["render", score, "-o", file, "--quiet"] + options)
    #expect(written.status == 0, "\(written.stderr)")
    let streamed = try run(
      ["render", score, "-o", "-", "--quiet"] + options,
      temporaryDirectory: folder + "/no-such-folder")
    #expect(streamed.status == 0, "\(streamed.stderr)")
    let expected = try Data(contentsOf: URL(fileURLWithPath: file))
    #expect(expected.count > 1000)
    #expect(streamed.stdoutData == expected)
  }

  @Test func aFIFOReceivesAFLACAsItIsMadeWithoutATemporaryFile() throws {
    let score = try temporaryScore(Self.song)
    let folder = try temporaryFolder()
    let fifo = folder + "/f.flac"
    #expect(mkfifo(fifo, 0o644) == 0)
    let copy = folder + "/got"
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/sh")
    reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, copy]
    try reader.run()
    let result = try run(
      ["render", score, "-o", fifo, "--quiet"], temporaryDirectory: folder + "/no-such-folder")
    // A render that never opened the FIFO would leave the reader waiting for a writer.
    let deadline = Date().addingTimeInterval(20)
    while reader.isRunning && Date() < deadline { usleep(10_000) }
    if reader.isRunning { reader.terminate() }
    reader.waitUntilExit()
    #expect(result.status == 0, "\(result.stderr)")
    let file = folder + "/file.flac"
    #expect(try run(["render", score, "-o", file, "--quiet"]).status == 0)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: copy))
        == Data(contentsOf: URL(fileURLWithPath: file)))
  }

  @Test func anRF64FloatFileIsTheSameOnEveryRun() throws {
    let score = try temporaryScore(Self.song)
    let folder = try temporaryFolder()
    let path = folder + "/a.rf64"
    #expect(try run(["render", score, "-o", path, "--encoding", "float", "--quiet"]).status == 0)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    // libsndfile adds a PEAK chunk to RF64 float even when asked not to, stamped with the time.
    let peak = try #require(
      (12..<(bytes.count - 16)).first { bytes[$0..<($0 + 4)].elementsEqual("PEAK".utf8) })
    #expect(bytes[(peak + 12)..<(peak + 16)].allSatisfy { $0 == 0 })
  }

  @Test(arguments: ["flac", "mp3"])
  func aFormatThatCannotBeEmptyIsRefusedForAnEmptyOutput(format: String) throws {
    let score = try temporaryScore("tempo 120\n")
    let folder = try temporaryFolder()
    for output in [folder + "/e." + format, "-"] {
      let result = try run(["render", score, "-o", output, "--format", format])
      #expect(result.status == 1)
      #expect(result.stderr.contains("\(format) cannot hold an output of 0 frames"))
      #expect(result.stdoutData.isEmpty)
    }
    #expect(listing(folder).isEmpty)
  }
}
