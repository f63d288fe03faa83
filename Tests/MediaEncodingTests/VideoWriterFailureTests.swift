import MediaEncoding
import TestSupport
import Testing

@Suite struct VideoWriterFailureTests {
  static func writer(_ path: String, _ format: VideoFormat) throws -> VideoWriter {
    try VideoWriter(path: path, video: format, sampleRate: 48_000, channelCount: 1)
  }

  @Test(arguments: [
    (
      VideoFormat(width: 63, height: 36, framesPerSecond: 10),
      "a width of 63 pixels given; the video takes an even width from 16 to 4096"
    ),
    (
      VideoFormat(width: 64, height: 8, framesPerSecond: 10),
      "a height of 8 pixels given; the video takes an even height from 16 to 4096"
    ),
    (
      VideoFormat(width: 4_098, height: 36, framesPerSecond: 10),
      "a width of 4098 pixels given; the video takes an even width from 16 to 4096"
    ),
    (
      VideoFormat(width: 64, height: 36, framesPerSecond: 0),
      "a rate of 0 frames per second given; the video takes 1 to 120"
    ),
    (
      VideoFormat(width: 64, height: 36, framesPerSecond: 121),
      "a rate of 121 frames per second given; the video takes 1 to 120"
    ),
  ])
  func anInvalidFormatIsRefusedNamingThePath(format: VideoFormat, reason: String) throws {
    let path = try temporaryFolder() + "/video.mp4"
    #expect(
      throws: EncodingError(operation: "setting up the video encoder", path: path, reason: reason)
    ) {
      _ = try Self.writer(path, format)
    }
  }

  @Test func anUnwritablePathIsNamedInTheError() throws {
    let path = try temporaryFolder() + "/no such folder/video.mp4"
    #expect(
      throws: EncodingError(
        operation: "opening the file", path: path, reason: "No such file or directory")
    ) {
      _ = try Self.writer(path, TestVideo.format)
    }
  }

  @Test func aFullDiskIsReported() throws {
    let error = #expect(throws: EncodingError.self) { try TestVideo.write(to: "/dev/full") }
    #expect(error?.path == "/dev/full")
    #expect(error?.reason == "No space left on device")
  }

  @Test func aPictureTooSmallForTheFormatIsRefused() throws {
    let path = try temporaryFolder() + "/video.mp4"
    let writer = try Self.writer(path, TestVideo.format)
    let pixels = [UInt32](repeating: 0, count: 64 * 35)
    #expect(
      throws: EncodingError(
        operation: "encoding a video frame", path: path,
        reason: "8960 bytes of 256 per row do not hold a 64×36 ARGB32 picture")
    ) {
      try pixels.withUnsafeBytes { try writer.writeVideoFrame($0, bytesPerRow: 256) }
    }
  }

  @Test func finishingWithoutVideoFramesIsRefused() throws {
    let path = try temporaryFolder() + "/video.mp4"
    let writer = try Self.writer(path, TestVideo.format)
    try TestVideo.audio.withUnsafeBufferPointer { try writer.writeAudio($0) }
    #expect(
      throws: EncodingError(
        operation: "finishing the file", path: path,
        reason: "no video frames were written; a video needs at least one")
    ) {
      try writer.finish()
    }
  }

  @Test func writingAfterFinishIsRefusedAndFinishingTwiceIsHarmless() throws {
    let path = try temporaryFolder() + "/video.mp4"
    let writer = try Self.writer(path, TestVideo.format)
    try TestVideo.audio.withUnsafeBufferPointer { try writer.writeAudio($0) }
    try TestVideo.pixels(frame: 0).withUnsafeBytes {
      try writer.writeVideoFrame($0, bytesPerRow: 256)
    }
    try writer.finish()
    try writer.finish()
    #expect(
      throws: EncodingError(
        operation: "encoding a video frame", path: path, reason: "the file is already finished")
    ) {
      try TestVideo.pixels(frame: 1).withUnsafeBytes {
        try writer.writeVideoFrame($0, bytesPerRow: 256)
      }
    }
    #expect(try VideoFileReader(path: path).frameCount == 1)
  }
}
