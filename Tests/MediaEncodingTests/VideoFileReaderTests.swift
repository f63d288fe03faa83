import MediaEncoding
import TestSupport
import Testing

@Suite struct VideoFileReaderTests {
  @Test func sizeRateAndLengthsAreTheWrittenOnes() throws {
    let reader = try VideoFileReader(path: TestVideo.written())
    #expect(reader.width == 64)
    #expect(reader.height == 36)
    #expect(reader.framesPerSecond == 10)
    #expect(reader.frameCount == 10)
    #expect(reader.durationSeconds == 1)
    #expect(reader.audioDurationSeconds == 1)
  }

  @Test func everyFrameDecodesAtItsTimeInOrder() throws {
    let frames = try TestVideo.decodedFrames(TestVideo.written())
    #expect(frames.count == 10)
    #expect(frames.map(\.seconds) == (0..<10).map { (index: Int) -> Double in Double(index) / 10 })
    #expect(frames.allSatisfy { $0.width == 64 && $0.height == 36 && $0.rgb.count == 64 * 36 * 3 })
  }

  /// The middle of each patch, away from the edges where chroma subsampling blurs colours.
  @Test func eachPatchDecodesToTheColourDrawn() throws {
    let frames = try TestVideo.decodedFrames(TestVideo.written())
    var largest = 0
    for (index, frame) in frames.enumerated() {
      for (patch, (x, y)) in [(16, 9), (48, 9), (16, 27), (48, 27)].enumerated() {
        let drawn = TestVideo.color(frame: index, patch: patch)
        let pixel = frame.pixel(x: x, y: y)
        for (value, shift) in [(pixel.red, 16), (pixel.green, 8), (pixel.blue, 0)] {
          largest = max(largest, abs(Int(value) - Int((drawn >> UInt32(shift)) & 0xFF)))
        }
      }
    }
    // Measured: 4 (limited-range rounding and compression); a full-range mix-up gives 16.
    #expect(largest <= 8, "largest difference \(largest) of 255")
  }

  @Test func readingAMissingFileNamesIt() throws {
    let path = try temporaryFolder() + "/missing.mp4"
    #expect(
      throws: EncodingError(
        operation: "opening the file", path: path, reason: "No such file or directory",
        access: .read)
    ) {
      _ = try VideoFileReader(path: path)
    }
  }

  @Test func anAudioFileHasNoVideoStream() throws {
    let path = try temporaryFolder() + "/tone.m4a"
    try encode(
      sine(seconds: 0.1), with: try AACWriter(path: path, sampleRate: 48_000, channelCount: 2))
    let error = #expect(throws: EncodingError.self) { _ = try VideoFileReader(path: path) }
    #expect(error?.operation == "finding the video stream")
    #expect(error?.path == path)
  }
}
