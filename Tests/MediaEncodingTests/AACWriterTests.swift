import Loudness
import MediaEncoding
import TestSupport
import Testing

@Suite struct AACWriterTests {
  /// The brief's signal: 2 s of a 1 kHz sine at half scale, stereo, 48 kHz.
  static let tone = sine(seconds: 2)

  /// Encodes `values` into a fresh `.m4a` and returns its path.
  static func encodedTone(
    _ values: [Float] = tone, rate: Int = 48_000, channels: Int = 2, blockFrames: Int = 4_096,
    name: String = "tone.m4a"
  ) throws -> String {
    let path = try temporaryFolder() + "/" + name
    let writer = try AACWriter(
      path: path, sampleRate: rate, channelCount: channels, title: "Frère Jacques",
      artist: "Traditional")
    try encode(values, with: writer, blockFrames: blockFrames)
    return path
  }

  @Test func fileStartsWithAnFtypBoxOfMajorBrandM4A() throws {
    let bytes = try fileBytes(Self.encodedTone())
    #expect(bytes.count > 16)
    #expect(String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp")
    #expect(String(decoding: bytes[8..<12], as: UTF8.self) == "M4A ")
  }

  @Test func indexComesBeforeTheAudio() throws {
    let bytes = try fileBytes(Self.encodedTone())
    let ftypSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
    #expect(String(decoding: bytes[(ftypSize + 4)..<(ftypSize + 8)], as: UTF8.self) == "moov")
  }

  @Test func twoEncodesGiveIdenticalBytes() throws {
    #expect(try fileBytes(Self.encodedTone()) == fileBytes(Self.encodedTone()))
  }

  @Test(arguments: [1, 441, 1_024, 1_025, 96_000])
  func blockSizeDoesNotChangeTheBytes(blockFrames: Int) throws {
    #expect(
      try fileBytes(Self.encodedTone(blockFrames: blockFrames))
        == fileBytes(Self.encodedTone(blockFrames: 4_096)))
  }

  @Test func countingTheFramesGivesTheLengthDecodingGives() throws {
    let path = try Self.encodedTone()
    #expect(
      try decodedLength(path: path)
        == DecodedLength(sampleRate: 48_000, channelCount: 2, frameCount: 96_000))
    #expect(try decodedAudio(path: path).frameCount == 96_000)
  }

  @Test func decodingIntoMemoryRefusesMoreFramesThanItsBound() throws {
    let path = try Self.encodedTone()
    #expect(try decodedAudio(path: path, maxFrames: 100_000).frameCount == 96_000)
    #expect {
      try decodedAudio(path: path, maxFrames: 50_000)
    } throws: { error in
      (error as? EncodingError)?.reason
        == "it decodes to more than 50000 frames, the most read into memory"
    }
  }

  @Test func decodedLengthEqualsInputLengthAfterThePrimingIsSkipped() throws {
    let decoded = try decodedAudio(path: Self.encodedTone())
    #expect(decoded.sampleRate == 48_000)
    #expect(decoded.channelCount == 2)
    #expect(decoded.codecName == "aac")
    #expect(decoded.frameCount == 96_000)
    // The encoder's priming, skipped by the edit list, and the last AAC frame's padding:
    // 1024 + 96000 = 97024 frames fill 95 AAC frames of 1024, 256 frames past the end.
    #expect(decoded.skippedLeadingFrameCount == 1_024)
    #expect(decoded.droppedTrailingFrameCount == 256)
  }

  @Test func anOddLengthAt44100HzMonoKeepsEveryFrame() throws {
    let values = sine(frameCount: 88_217, rate: 44_100, channels: 1)
    let decoded = try decodedAudio(
      path: Self.encodedTone(values, rate: 44_100, channels: 1, name: "odd.m4r"))
    #expect(decoded.sampleRate == 44_100)
    #expect(decoded.channelCount == 1)
    #expect(decoded.frameCount == 88_217)
    #expect(decoded.skippedLeadingFrameCount == 1_024)
  }

  @Test func decodedAudioLinesUpWithTheInput() throws {
    let decoded = try decodedAudio(path: Self.encodedTone())
    // Away from the ends, a one-frame shift would differ by up to 0.065 at this amplitude;
    // AAC at 256 kb/s stays within 0.0005.
    var largest: Float = 0
    for index in 9_600..<182_400 {
      largest = max(largest, abs(decoded.values[index] - Self.tone[index]))
    }
    #expect(largest < 0.01)
  }

  @Test func loudnessOfTheDecodedAudioIsWithinHalfAnLUOfTheInput() throws {
    let decoded = try decodedAudio(path: Self.encodedTone())
    let input = try integratedLoudness(Self.tone)
    let output = try integratedLoudness(decoded.values)
    #expect(abs(input - output) < 0.5, "input \(input) LUFS, decoded \(output) LUFS")
  }

  @Test func titleArtistAndBrandReadBack() throws {
    let decoded = try decodedAudio(path: Self.encodedTone())
    #expect(decoded.tags["title"] == "Frère Jacques")
    #expect(decoded.tags["artist"] == "Traditional")
    #expect(decoded.majorBrand == "M4A ")
    #expect(decoded.formatName.split(separator: ",").contains("m4a"))
  }

  @Test func noVersionStringIsWritten() throws {
    let bytes = try fileBytes(Self.encodedTone())
    #expect(!contains(bytes, "Lavf"))
    #expect(!contains(bytes, "Lavc"))
  }
}
