/// Writes AAC-LC in an MPEG-4 audio file (`.m4a`, `.m4r`): FFmpeg's native `aac` encoder in
/// its `ipod` muxer, major brand `M4A `.
///
/// The edit list skips the encoder's priming (its `initial_padding`, 1024 frames) and ends at
/// the last frame written, counted in frames (the movie time scale is the sample rate), so
/// players neither add silence nor cut the start or end. Players of the iTunes line read the
/// same from the `iTunSMPB` tag, which `finish` adds (`GaplessTag`). The same frames give the
/// same bytes.
public final class AACWriter: AudioEncoder {
  /// Bits per second for all channels together.
  public static let defaultBitRate = 256_000
  /// The bit rates taken, in bits per second for all channels together.
  public static let bitRates = 16_000...512_000

  public var path: String { session.path }
  public var sampleRate: Int { session.sampleRate }
  public var channelCount: Int { session.channelCount }
  private let session: EncoderSession

  /// Creates `path` (replacing it) and writes its header; `title` and `artist` go into the
  /// file's iTunes metadata. The corresponding C function is `avformat_write_header`.
  public init(
    path: String, sampleRate: Int, channelCount: Int, bitRate: Int = defaultBitRate,
    title: String? = nil, artist: String? = nil
  ) throws(EncodingError) {
    var setup = try Self.setup(
      path: path, muxerName: "ipod", sampleRate: sampleRate, channelCount: channelCount,
      bitRate: bitRate, title: title, artist: artist)
    setup.writesGaplessTag = true
    session = try EncoderSession(setup)
  }

  /// The AAC stream and MP4 muxer settings, shared with `VideoWriter`: `muxerName` is `ipod`
  /// for audio files, `mp4` for videos.
  static func setup(
    path: String, muxerName: String, sampleRate: Int, channelCount: Int, bitRate: Int,
    title: String?, artist: String?
  ) throws(EncodingError) -> EncoderSetup {
    guard bitRates.contains(bitRate) else {
      throw EncodingError(
        operation: "setting up the encoder", path: path,
        reason: "a bit rate of \(bitRate) b/s given; AAC takes 16000 to 512000 b/s")
    }
    var setup = EncoderSetup(
      path: path, muxerName: muxerName, encoderName: "aac", sampleRate: sampleRate,
      channelCount: channelCount)
    setup.metadata = [("title", title), ("artist", artist)].compactMap { key, value in
      value.map { (key, $0) }
    }
    setup.muxerOptions = [
      // The index first, so a player can start before the whole file has arrived.
      ("movflags", "+faststart"),
      // Edit-list times in frames: the default 1/1000 s would round the length.
      ("movie_timescale", String(sampleRate)),
    ]
    setup.configureEncoder = { context in
      context.pointee.bit_rate = Int64(bitRate)
    }
    return setup
  }

  /// Encodes interleaved frames. The corresponding C function is `avcodec_send_frame`.
  public func write(_ frames: UnsafeBufferPointer<Float>) throws(EncodingError) {
    try session.write(frames)
  }

  /// Encodes the last frames, writes the index and closes the file, then adds the gapless tag
  /// to the index. The corresponding C functions are `av_write_trailer` and `avio_closep`.
  public func finish() throws(EncodingError) {
    try session.finish()
  }
}
