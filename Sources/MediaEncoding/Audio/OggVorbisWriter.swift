/// How a Vorbis encoder spends bits.
public enum VorbisRate: Equatable, Sendable {
  /// Variable bit rate at a quality from -1 (smallest) to 10 (best); 5 is about 160 kb/s
  /// for stereo.
  case quality(Double)
  /// An average of this many bits per second for all channels together.
  case averageBitRate(Int)
}

/// Writes Vorbis (libvorbis, through libavcodec) in an Ogg file with any Vorbis comments.
///
/// The last page's granule position ends the stream at the last frame written. The muxer is
/// bit-exact, so the same frames and comments give the same bytes, stream serial number too.
public final class OggVorbisWriter: AudioEncoder {
  /// The qualities libvorbis takes.
  public static let qualities = -1.0...10.0

  public var path: String { session.path }
  public var sampleRate: Int { session.sampleRate }
  public var channelCount: Int { session.channelCount }
  private let session: EncoderSession

  /// Creates `path` (replacing it) and writes its headers, `comments` in the order given.
  /// The corresponding C function is `avformat_write_header`.
  public init(
    path: String, sampleRate: Int, channelCount: Int, rate: VorbisRate = .quality(5),
    comments: [VorbisComment] = []
  ) throws(EncodingError) {
    let operation = "setting up the encoder"
    for comment in comments where !comment.hasValidName {
      throw EncodingError(
        operation: operation, path: path,
        reason: "'\(comment.name)' is no Vorbis comment name; use printable ASCII without '='")
    }
    var setup = EncoderSetup(
      path: path, muxerName: "ogg", encoderName: "libvorbis", sampleRate: sampleRate,
      channelCount: channelCount)
    setup.metadata = comments.map { ($0.name, $0.value) }
    switch rate {
    case .quality(let quality):
      guard Self.qualities.contains(quality) else {
        throw EncodingError(
          operation: operation, path: path,
          reason: "a quality of \(quality) given; Vorbis takes -1 to 10")
      }
      setup.configureEncoder = { context in
        context.pointee.flags |= LibraryCode.fixedQualityFlag
        context.pointee.global_quality = Int32((quality * LibraryCode.qualityScale).rounded())
      }
    case .averageBitRate(let bitRate):
      guard bitRate > 0 else {
        throw EncodingError(
          operation: operation, path: path,
          reason: "a bit rate of \(bitRate) b/s given; give a positive rate")
      }
      setup.configureEncoder = { context in context.pointee.bit_rate = Int64(bitRate) }
    }
    session = try EncoderSession(setup)
  }

  /// Encodes interleaved frames. The corresponding C function is `avcodec_send_frame`.
  public func write(_ frames: UnsafeBufferPointer<Float>) throws(EncodingError) {
    try session.write(frames)
  }

  /// Encodes the last frames, writes the last page and closes the file.
  /// The corresponding C functions are `av_write_trailer` and `avio_closep`.
  public func finish() throws(EncodingError) {
    try session.finish()
  }
}
