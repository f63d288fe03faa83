import MediaEncoding
import TestSupport
import Testing

@Suite struct VideoWriterTests {
  @Test func twoWritesGiveIdenticalBytes() throws {
    #expect(try fileBytes(TestVideo.written()) == fileBytes(TestVideo.written()))
  }

  @Test(arguments: [1, 1_000, 1_024, 48_000])
  func audioBlockSizeDoesNotChangeTheBytes(audioBlockFrames: Int) throws {
    #expect(
      try fileBytes(TestVideo.written(audioBlockFrames: audioBlockFrames))
        == fileBytes(TestVideo.written()))
  }

  @Test func fileIsMP4WithTheIndexBeforeTheMedia() throws {
    let bytes = try fileBytes(TestVideo.written())
    #expect(String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp")
    let ftypSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
    #expect(String(decoding: bytes[(ftypSize + 4)..<(ftypSize + 8)], as: UTF8.self) == "moov")
  }

  /// An `nclx` colour box of BT.709 primaries, transfer and matrix (1, 1, 1), limited range.
  @Test func colourIsDeclaredBT709LimitedRange() throws {
    let bytes = try fileBytes(TestVideo.written())
    let box: [UInt8] = Array("colrnclx".utf8) + [0, 1, 0, 1, 0, 1, 0]
    #expect(contains(bytes, box))
  }

  @Test func noVersionStringOfTheMuxerIsWritten() throws {
    #expect(!contains(try fileBytes(TestVideo.written()), "Lavf"))
  }

  @Test func titleAndArtistReadBack() throws {
    let decoded = try decodedAudio(path: TestVideo.written())
    #expect(decoded.tags["title"] == "Scale")
    #expect(decoded.tags["artist"] == "Xylo")
  }

  @Test func audioIsExactlyWhatAACWriterEncodes() throws {
    let audioPath = try temporaryFolder() + "/audio.m4a"
    let writer = try AACWriter(path: audioPath, sampleRate: 48_000, channelCount: 1)
    try encode(TestVideo.audio, with: writer)
    let fromVideo = try decodedAudio(path: TestVideo.written())
    let fromAudioFile = try decodedAudio(path: audioPath)
    #expect(fromVideo.codecName == "aac")
    #expect(fromVideo.values == fromAudioFile.values)
    #expect(fromVideo.skippedLeadingFrameCount == fromAudioFile.skippedLeadingFrameCount)
  }

  @Test func audioDecodesToTheLengthWrittenWithinAACTolerance() throws {
    let decoded = try decodedAudio(path: TestVideo.written())
    #expect(decoded.sampleRate == 48_000)
    #expect(decoded.channelCount == 1)
    #expect(decoded.frameCount == 48_000)
    #expect(decoded.skippedLeadingFrameCount == 1_024)
    var largest: Float = 0
    for index in 4_800..<43_200 {
      largest = max(largest, abs(decoded.values[index] - TestVideo.audio[index]))
    }
    #expect(largest < 0.01)
  }
}
