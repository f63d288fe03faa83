import Foundation
import MediaEncoding
import SoundFile
import TestSupport
import Testing

/// `xylo-render video` and `xylo-render picture`.
@Suite struct VideoTests {
  /// C at 0 s, D at 1 s, C at 2 s: each dims its key for 0.2 s, two pictures at 10 fps.
  static let score = "tempo 60\nC D C\n"
  static let options = ["--size", "320x180", "--fps", "10", "--quiet"]

  /// Every picture of the video at `path`, decoded.
  private func pictures(_ path: String) throws -> [VideoFrame] {
    let reader = try VideoFileReader(path: path)
    var frames: [VideoFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    return frames
  }

  @Test func aTappedKeyDimsFromItsFrameForAFifthOfASecondAndTheOthersStay() throws {
    let out = try temporaryFolder() + "/v.mp4"
    let made = try run(["video", "-", "-o", out] + Self.options, input: Self.score)
    try #require(made.status == 0, "\(made.stderr)")
    let frames = try pictures(out)
    try #require(frames.count == 28)  // 2 s and C's 0.768 s ring, at 10 pictures a second
    // Points inside the bars of C (the top one), D (the next) and B (the bottom one), away
    // from their titles (without a title line the bars start 6% down).
    let (x, c, d, b) = (60, 20, 44, 160)
    let restingC = frames[5].pixel(x: x, y: c)
    let restingD = frames[5].pixel(x: x, y: d)
    for dimmed in [0, 1, 20, 21] {
      #expect(Int(frames[dimmed].pixel(x: x, y: c).red) < Int(restingC.red) - 20, "frame \(dimmed)")
    }
    for resting in [2, 9, 10, 19, 22, 27] {
      #expect(
        abs(Int(frames[resting].pixel(x: x, y: c).red) - Int(restingC.red)) <= 6,
        "frame \(resting)")
    }
    #expect(Int(frames[10].pixel(x: x, y: d).red) < Int(restingD.red) - 20)
    #expect(abs(Int(frames[12].pixel(x: x, y: d).red) - Int(restingD.red)) <= 6)
    // B is never tapped: the same in every picture, within the codec's noise.
    let restingB = frames[5].pixel(x: x, y: b)
    for frame in frames {
      #expect(abs(Int(frame.pixel(x: x, y: b).blue) - Int(restingB.blue)) <= 6)
    }
  }

  @Test func theVideoCoversTheAudioWithinOneFrameAndCarriesItExactly() throws {
    let folder = try temporaryFolder()
    let made = try run(["video", "-", "-o", folder + "/v.mp4"] + Self.options, input: Self.score)
    try #require(made.status == 0, "\(made.stderr)")
    // A video is at -16 LUFS under a -1 dBTP ceiling unless told otherwise; render is not.
    _ = try run(
      [
        "render", "-", "-o", folder + "/a.m4a", "--quiet", "--loudness", "-16", "--true-peak",
        "-1",
      ],
      input: Self.score)
    let video = try VideoFileReader(path: folder + "/v.mp4")
    let audio = try decodedAudio(path: folder + "/v.mp4")
    let seconds = Double(audio.frameCount) / Double(audio.sampleRate)
    #expect(video.frameCount == Int((seconds * 10).rounded(.up)))
    #expect(abs(video.durationSeconds - seconds) <= 0.1)
    // The sound is the render's: the same AAC as `render -o a.m4a` decodes to.
    let rendered = try decodedAudio(path: folder + "/a.m4a")
    #expect(audio.frameCount == rendered.frameCount)
    #expect(audio.values.elementsEqual(rendered.values))
  }

  @Test func anAspectSetsTheSizeAndAPosterIsThePictureOfTheFirstTap() throws {
    let folder = try temporaryFolder()
    let made = try run(
      [
        "video", "-", "-o", folder + "/v.mp4", "--aspect", "9:16", "--fps", "5", "--poster",
        folder + "/p.png", "--title", String(repeating: "A long title ", count: 8),
      ],
      input: Self.score)
    try #require(made.status == 0, "\(made.stderr)")
    let first = try #require(try pictures(folder + "/v.mp4").first)
    #expect((first.width, first.height) == (1_080, 1_920))
    let poster = try Data(contentsOf: URL(fileURLWithPath: folder + "/p.png"))
    #expect(poster.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // Width and height, big-endian, in the IHDR chunk.
    #expect(poster[16..<24] == Data([0, 0, 0x04, 0x38, 0, 0, 0x07, 0x80]))
    #expect(made.stderr.contains("wrote '\(folder)/p.png'\nwrote '\(folder)/v.mp4'"))
    #expect(made.stderr.hasPrefix("xylo-render: note: loudness -16.0 LUFS"))
    let sized = try run(
      ["video", "-", "-o", folder + "/w.mp4", "--aspect", "1:1", "--size", "320x180", "--quiet"],
      input: Self.score)
    #expect(sized.status == 0)
    let square = try #require(try pictures(folder + "/w.mp4").first)
    #expect((square.width, square.height) == (320, 180))
    let refused = try run(
      ["video", "-", "-o", folder + "/x.mp4", "--poster", folder + "/p.jpg"], input: Self.score)
    #expect(refused.status == 64)
    #expect(listing(folder) == ["p.png", "v.mp4", "w.mp4"])
  }

  @Test func theSameScoreGivesTheSameBytesAtAnyJobsAndThreads() throws {
    let folder = try temporaryFolder()
    let runs = [["--jobs", "1", "--threads", "1"], ["--jobs", "2", "--threads", "3"], []]
    for (index, options) in runs.enumerated() {
      let made = try run(
        ["video", "-", "-o", "\(folder)/\(index).mp4"] + options + Self.options,
        input: Self.score)
      try #require(made.status == 0, "\(made.stderr)")
    }
    let first = try Data(contentsOf: URL(fileURLWithPath: folder + "/0.mp4"))
    #expect(first.count > 1_000)
    for index in 1..<runs.count {
      #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(index).mp4")) == first)
    }
    let refused = try run(
      ["video", "-", "-o", folder + "/x.mp4", "--threads", "0"], input: Self.score)
    #expect(refused.status == 64)
    #expect(refused.stderr.hasPrefix("xylo-render: error: --threads needs"), "\(refused.stderr)")
  }

  @Test func theStageStyleGivesTheSameBytesOnEveryRunAndDrawsMoreThanTheApp() throws {
    let folder = try temporaryFolder()
    for (name, style, jobs) in [("1", "stage", "1"), ("2", "stage", "2"), ("app", "app", "1")] {
      let made = try run(
        ["video", "-", "-o", "\(folder)/\(name).mp4", "--style", style, "--jobs", jobs]
          + Self.options, input: Self.score)
      try #require(made.status == 0, "\(made.stderr)")
    }
    let first = try Data(contentsOf: URL(fileURLWithPath: folder + "/1.mp4"))
    let second = try Data(contentsOf: URL(fileURLWithPath: folder + "/2.mp4"))
    #expect(first.count > 1_000 && first == second)
    // Half a second in, between two taps: the app shows its bars at rest, the stage the light
    // and D's note on its way.
    let stage = try pictures(folder + "/1.mp4")
    let app = try pictures(folder + "/app.mp4")
    #expect(stage.count == app.count)
    #expect(stage[5] != app[5])
    let refused = try run(
      ["video", "-", "-o", folder + "/x.mp4", "--style", "fancy"], input: Self.score)
    #expect(refused.status == 64)
    #expect(
      refused.stderr.hasPrefix("xylo-render: error: --style needs one of app, stage, got 'fancy'"),
      "\(refused.stderr)")
  }

  @Test func badVideoOptionsAreUsageErrorsAndAFailedVideoLeavesTheOldFile() throws {
    let folder = try temporaryFolder()
    for (options, message) in [
      (
        ["--size", "321x180"], "--size needs an even width and height (H.264 video); got '321x180'"
      ),
      (
        ["--size", "big"],
        "--size needs WIDTHxHEIGHT, each 16 to 4096 pixels, such as 1280x720; got 'big'"
      ),
      (["--fps", "0"], "--fps needs a whole number of frames a second from 1 to 120, got '0'"),
    ] {
      let result = try run(["video", "-", "-o", folder + "/v.mp4"] + options, input: Self.score)
      #expect(result.status == 64)
      #expect(result.stderr.hasPrefix("xylo-render: error: \(message)"), "\(result.stderr)")
    }
    let wrongName = try run(["video", "-", "-o", folder + "/v.wav"], input: Self.score)
    #expect(wrongName.status == 64)
    // A background that is not a picture: an error naming it, and the earlier file stays.
    let earlier = Data("earlier".utf8)
    try earlier.write(to: URL(fileURLWithPath: folder + "/v.mp4"))
    try Data("no picture".utf8).write(to: URL(fileURLWithPath: folder + "/back.png"))
    let bad = try run(
      ["video", "-", "-o", folder + "/v.mp4", "--background", folder + "/back.png"] + Self.options,
      input: Self.score)
    #expect(bad.status == 1)
    #expect(
      bad.stderr.contains("'\(folder)/back.png': not a PNG, JPEG or WebP picture"), "\(bad.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/v.mp4")) == earlier)
    #expect(listing(folder) == ["back.png", "v.mp4"])
  }

  @Test func aPictureHasOneShapePerTapInItsKeysColour() throws {
    let folder = try temporaryFolder()
    let result = try run(
      ["picture", "-", "-o", folder + "/roll.svg"], input: "C D C E*0.5\n")
    #expect(result.status == 0)
    #expect(result.stderr == "wrote '\(folder)/roll.svg': 4 taps, 2.000 s\n")
    let svg = try String(contentsOfFile: folder + "/roll.svg", encoding: .utf8)
    // The app's red (C), orange (D) and yellow (E), as Cairo writes them: rgb percentages.
    func shapes(_ colour: String) -> Int { svg.components(separatedBy: colour).count - 1 }
    #expect(shapes("fill:rgb(89.803922%,22.352941%,20.784314%)") >= 2)
    let png = try run(["picture", "-", "-o", folder + "/roll.png"], input: "C D C E*0.5\n")
    #expect(png.status == 0)
    let bad = try run(["picture", "-", "-o", folder + "/roll.jpg"], input: "C\n")
    #expect(bad.status == 64)
    #expect(
      bad.stderr.contains("a picture is a PNG or an SVG file: name it .png or .svg, not '"),
      "\(bad.stderr)")
    let standardOutput = try run(["picture", "-", "-o", "-"], input: "C\n")
    #expect(standardOutput.status == 64)
    #expect(
      standardOutput.stderr.hasPrefix(
        "xylo-render: error: picture writes a file, not standard output: name it OUT.png or OUT.svg"
      ))
  }

  @Test func anOutputNamedWithTheWrongExtensionIsACommandLineMistakeForEveryCommand() throws {
    let folder = try temporaryFolder()
    for command in ["render", "ringtone", "video", "picture", "page", "convert"] {
      let result = try run([command, "-", "-o", folder + "/out.zzz"], input: "C D\n")
      #expect(result.status == 64, "\(command): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder + "/out.zzz"), "\(command)")
    }
  }
}
