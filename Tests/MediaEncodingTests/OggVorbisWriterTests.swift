import Loudness
import MediaEncoding
import TestSupport
import Testing

@Suite struct OggVorbisWriterTests {
  static let tone = sine(seconds: 2)
  static let comments: [VorbisComment] = [
    .title("Frère Jacques"), .artist("Traditional"), .androidLoop,
  ]

  /// Encodes `values` into a fresh `.ogg` and returns its path.
  static func encodedTone(
    _ values: [Float] = tone, rate: Int = 48_000, channels: Int = 2,
    vorbisRate: VorbisRate = .quality(5), blockFrames: Int = 4_096
  ) throws -> String {
    let path = try temporaryFolder() + "/tone.ogg"
    let writer = try OggVorbisWriter(
      path: path, sampleRate: rate, channelCount: channels, rate: vorbisRate,
      comments: comments)
    try encode(values, with: writer, blockFrames: blockFrames)
    return path
  }

  @Test func countingTheFramesGivesTheLengthDecodingGives() throws {
    let path = try Self.encodedTone()
    let decoded = try decodedAudio(path: path)
    #expect(
      try decodedLength(path: path)
        == DecodedLength(
          sampleRate: decoded.sampleRate, channelCount: decoded.channelCount,
          frameCount: decoded.frameCount))
  }

  @Test func commentsReadBackAndAppearVerbatimInTheFile() throws {
    let path = try Self.encodedTone()
    let decoded = try decodedAudio(path: path)
    #expect(decoded.tags["ANDROID_LOOP"] == "true")
    #expect(decoded.tags["TITLE"] == "Frère Jacques")
    #expect(decoded.tags["ARTIST"] == "Traditional")
    #expect(decoded.formatName == "ogg")
    #expect(decoded.codecName == "vorbis")
    let bytes = try fileBytes(path)
    #expect(contains(bytes, "ANDROID_LOOP=true"))
    #expect(contains(bytes, "TITLE=Frère Jacques"))
    #expect(!contains(bytes, "Lavf"))
  }

  @Test func twoEncodesGiveIdenticalBytes() throws {
    #expect(try fileBytes(Self.encodedTone()) == fileBytes(Self.encodedTone()))
  }

  @Test(arguments: [1, 63, 1_000, 96_000])
  func blockSizeDoesNotChangeTheBytes(blockFrames: Int) throws {
    #expect(
      try fileBytes(Self.encodedTone(blockFrames: blockFrames))
        == fileBytes(Self.encodedTone(blockFrames: 4_096)))
  }

  @Test(arguments: [VorbisRate.quality(5), .quality(-1), .averageBitRate(96_000)])
  func decodedLengthEqualsInputLength(vorbisRate: VorbisRate) throws {
    let decoded = try decodedAudio(path: Self.encodedTone(vorbisRate: vorbisRate))
    #expect(decoded.sampleRate == 48_000)
    #expect(decoded.channelCount == 2)
    #expect(decoded.frameCount == 96_000)
  }

  @Test func anOddLengthAt44100HzMonoKeepsEveryFrame() throws {
    let values = sine(frameCount: 88_217, rate: 44_100, channels: 1)
    let decoded = try decodedAudio(path: Self.encodedTone(values, rate: 44_100, channels: 1))
    #expect(decoded.sampleRate == 44_100)
    #expect(decoded.channelCount == 1)
    #expect(decoded.frameCount == 88_217)
  }

  /// FFmpeg 5.1's own trimming drops 128 frames too many when the audio fits on one Ogg page;
  /// the reader cuts by the declared length instead (libvorbisfile agrees on these lengths).
  @Test(arguments: [1, 100, 4_410, 44_100])
  func aShortSoundOnOnePageKeepsEveryFrame(frameCount: Int) throws {
    let values = sine(frameCount: frameCount, rate: 44_100, channels: 2)
    let decoded = try decodedAudio(path: Self.encodedTone(values, rate: 44_100))
    #expect(decoded.frameCount == frameCount)
    #expect(decoded.skippedLeadingFrameCount == 0)
  }

  @Test func decodedAudioLinesUpWithTheInput() throws {
    let decoded = try decodedAudio(path: Self.encodedTone())
    // Away from the ends, a one-frame shift would differ by up to 0.065 at this amplitude;
    // Vorbis at quality 5 stays within 0.009.
    var largest: Float = 0
    for index in 9_600..<182_400 {
      largest = max(largest, abs(decoded.values[index] - Self.tone[index]))
    }
    #expect(largest < 0.03)
  }

  @Test func loudnessOfTheDecodedAudioIsWithinHalfAnLUOfTheInput() throws {
    let decoded = try decodedAudio(path: Self.encodedTone())
    let input = try integratedLoudness(Self.tone)
    let output = try integratedLoudness(decoded.values)
    #expect(abs(input - output) < 0.5, "input \(input) LUFS, decoded \(output) LUFS")
  }

  @Test func aSmallerQualityGivesASmallerFile() throws {
    let small = try fileBytes(Self.encodedTone(vorbisRate: .quality(0)))
    let large = try fileBytes(Self.encodedTone(vorbisRate: .quality(9)))
    #expect(small.count < large.count)
  }
}
