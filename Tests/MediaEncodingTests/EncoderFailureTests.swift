import MediaEncoding
import TestSupport
import Testing

@Suite struct EncoderFailureTests {
  @Test func anUnwritablePathIsNamedInTheError() throws {
    let path = try temporaryFolder() + "/no such folder/tone.m4a"
    #expect(
      throws: EncodingError(
        operation: "opening the file", path: path, reason: "No such file or directory")
    ) {
      _ = try AACWriter(path: path, sampleRate: 48_000, channelCount: 2)
    }
    #expect(
      throws: EncodingError(
        operation: "opening the file", path: path, reason: "No such file or directory")
    ) {
      _ = try OggVorbisWriter(path: path, sampleRate: 48_000, channelCount: 2)
    }
  }

  @Test func aRateOf96kHzIsRefused() throws {
    let path = try temporaryFolder() + "/tone.m4a"
    let error = EncodingError(
      operation: "setting up the encoder", path: path,
      reason: "a rate of 96000 Hz given; the encoder takes 44100 or 48000 Hz; resample first")
    #expect(throws: error) {
      _ = try AACWriter(path: path, sampleRate: 96_000, channelCount: 2)
    }
    #expect(throws: error) {
      _ = try OggVorbisWriter(path: path, sampleRate: 96_000, channelCount: 2)
    }
  }

  @Test func threeChannelsAreRefused() throws {
    let path = try temporaryFolder() + "/tone.ogg"
    #expect(
      throws: EncodingError(
        operation: "setting up the encoder", path: path,
        reason: "3 channels given; the encoder takes 1 (mono) or 2 (stereo)")
    ) {
      _ = try OggVorbisWriter(path: path, sampleRate: 48_000, channelCount: 3)
    }
  }

  @Test func outOfRangeRatesAndBadCommentNamesAreRefused() throws {
    let path = try temporaryFolder() + "/tone.ogg"
    #expect(throws: EncodingError.self) {
      _ = try AACWriter(path: path, sampleRate: 48_000, channelCount: 2, bitRate: 0)
    }
    #expect(throws: EncodingError.self) {
      _ = try OggVorbisWriter(path: path, sampleRate: 48_000, channelCount: 2, rate: .quality(11))
    }
    #expect(
      throws: EncodingError(
        operation: "setting up the encoder", path: path,
        reason: "'A=B' is no Vorbis comment name; use printable ASCII without '='")
    ) {
      _ = try OggVorbisWriter(
        path: path, sampleRate: 48_000, channelCount: 2,
        comments: [VorbisComment(name: "A=B", value: "c")])
    }
  }

  /// `/dev/full` takes the file but fails every write with ENOSPC, like a full disk.
  @Test func aFullDiskIsReportedForAAC() throws {
    let error = #expect(throws: EncodingError.self) {
      try encode(
        sine(seconds: 1),
        with: try AACWriter(path: "/dev/full", sampleRate: 48_000, channelCount: 2))
    }
    #expect(error?.path == "/dev/full")
    #expect(error?.reason == "No space left on device")
  }

  @Test func aFullDiskIsReportedForOggVorbis() throws {
    let error = #expect(throws: EncodingError.self) {
      try encode(
        sine(seconds: 1),
        with: try OggVorbisWriter(path: "/dev/full", sampleRate: 48_000, channelCount: 2))
    }
    #expect(error?.path == "/dev/full")
    #expect(error?.reason == "No space left on device")
  }

  @Test func framesMustBeWhole() throws {
    let path = try temporaryFolder() + "/tone.m4a"
    let writer = try AACWriter(path: path, sampleRate: 48_000, channelCount: 2)
    #expect(
      throws: EncodingError(
        operation: "encoding frames", path: path,
        reason: "3 sample values do not make whole frames of 2 channels")
    ) {
      try [Float](repeating: 0, count: 3).withUnsafeBufferPointer { try writer.write($0) }
    }
  }

  @Test func writingAfterFinishIsRefusedAndFinishingTwiceIsHarmless() throws {
    let path = try temporaryFolder() + "/tone.ogg"
    let writer = try OggVorbisWriter(path: path, sampleRate: 44_100, channelCount: 1)
    try encode(sine(seconds: 0.1, rate: 44_100, channels: 1), with: writer)
    try writer.finish()
    #expect(
      throws: EncodingError(
        operation: "encoding frames", path: path, reason: "the file is already finished")
    ) {
      try [Float(0)].withUnsafeBufferPointer { try writer.write($0) }
    }
    #expect(try decodedAudio(path: path).frameCount == 4_410)
  }

  @Test func anAbandonedWriterIsReleasedWithoutFinishing() throws {
    let path = try temporaryFolder() + "/tone.m4a"
    do {
      let writer = try AACWriter(path: path, sampleRate: 48_000, channelCount: 2)
      try sine(seconds: 0.5).withUnsafeBufferPointer { try writer.write($0) }
    }
    #expect(throws: EncodingError.self) { try decodedAudio(path: path) }
  }

  @Test func finishingWithoutFramesIsRefused() throws {
    let path = try temporaryFolder() + "/empty.ogg"
    #expect(
      throws: EncodingError(
        operation: "finishing the file", path: path,
        reason: "no frames were written; a sound needs at least one")
    ) {
      try encode([], with: try OggVorbisWriter(path: path, sampleRate: 48_000, channelCount: 2))
    }
  }

  @Test func readingAMissingFileNamesIt() throws {
    let path = try temporaryFolder() + "/missing.m4a"
    let error = #expect(throws: EncodingError.self) { try decodedAudio(path: path) }
    #expect(
      error?.description
        == "cannot read '\(path)': No such file or directory (opening the file)")
  }
}
