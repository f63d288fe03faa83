/// A compressed audio file decoded back to floats: what a "verified write" compares with what
/// was written.
public struct DecodedAudio: Equatable, Sendable {
  /// Frames per second, in Hz.
  public var sampleRate: Int
  public var channelCount: Int
  /// Interleaved sample values, from the first frame the file declares to its last: without
  /// the encoder's priming at the start and the last codec frame's padding at the end.
  public var values: [Float]
  /// The container's and the audio stream's metadata, keys as the demuxer reports them:
  /// `title`, `artist`, `major_brand`, `iTunSMPB` from MP4; Vorbis comment names verbatim from
  /// Ogg.
  public var tags: [String: String]
  /// libavformat's name for the container: `mov,mp4,m4a,3gp,3g2,mj2` or `ogg`.
  public var formatName: String
  /// libavcodec's name for the codec: `aac` or `vorbis`.
  public var codecName: String
  /// Frames decoded but skipped at the start because the file says so (the encoder's
  /// priming: an MP4 edit list, an Ogg start granule).
  public var skippedLeadingFrameCount: Int
  /// Frames decoded but dropped at the end because the file declares a shorter length (the
  /// padding of the last codec frame: an MP4 edit list, an Ogg end granule).
  public var droppedTrailingFrameCount: Int

  /// The number of frames in `values`.
  public var frameCount: Int { channelCount > 0 ? values.count / channelCount : 0 }

  /// The MP4 major brand (`M4A ` for files from `AACWriter`), `nil` for other containers.
  public var majorBrand: String? { tags["major_brand"] }
}

/// Decodes the audio file at `path` (AAC in MP4, Vorbis in Ogg, or anything else libavformat
/// and libavcodec read) to interleaved floats, honouring its priming and length as players do.
/// The corresponding C functions are `avformat_open_input` and `avcodec_receive_frame`.
/// A file that decodes to more than `maxFrames` frames is refused.
public func decodedAudio(path: String, maxFrames: Int = .max) throws(EncodingError)
  -> DecodedAudio
{
  try AudioFileReader(path: path, maxKeptFrames: maxFrames).decodeAll()
}

/// What a decoded file holds, without its values: enough to check a written file's length.
public struct DecodedLength: Equatable, Sendable {
  public var sampleRate: Int
  public var channelCount: Int
  /// Frames as `decodedAudio(path:)` would return them, priming and padding taken off.
  public var frameCount: Int

  public init(sampleRate: Int, channelCount: Int, frameCount: Int) {
    self.sampleRate = sampleRate
    self.channelCount = channelCount
    self.frameCount = frameCount
  }
}

/// Decodes the audio file at `path` as `decodedAudio(path:)` does, counting its frames but
/// keeping none: the same check in constant memory, however long the file.
public func decodedLength(path: String) throws(EncodingError) -> DecodedLength {
  let reader = try AudioFileReader(path: path, keepsValues: false)
  let audio = try reader.decodeAll()
  return DecodedLength(
    sampleRate: audio.sampleRate, channelCount: audio.channelCount,
    frameCount: reader.keptFrameCount)
}
