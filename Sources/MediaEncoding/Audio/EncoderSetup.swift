import CFFmpeg

/// What an `EncoderSession` is set up with: the muxer, the encoder and what to tell them.
struct EncoderSetup {
  var path: String
  /// libavformat's name for the muxer: `ipod`, `ogg`.
  var muxerName: String
  /// libavcodec's name for the encoder: `aac`, `libvorbis`.
  var encoderName: String
  /// Frames per second, in Hz.
  var sampleRate: Int
  var channelCount: Int
  /// Container metadata, in order, keys as the muxer is to write them.
  var metadata: [(key: String, value: String)] = []
  /// Options for `avformat_write_header`, such as `movflags`.
  var muxerOptions: [(key: String, value: String)] = []
  /// Whether the finished file gets the iTunes gapless tag (`iTunSMPB`): MP4 audio files.
  var writesGaplessTag = false
  /// Sets the encoder's rate control on its context before it is opened.
  var configureEncoder: (UnsafeMutablePointer<AVCodecContext>) -> Void = { _ in }

  /// Throws when a tag holds a NUL character, which would cut it short in C.
  func validateMetadata() throws(EncodingError) {
    for (key, value) in metadata where key.contains("\0") || value.contains("\0") {
      throw EncodingError(
        operation: "setting the metadata", path: path,
        reason: "the tag '\(key)' holds a NUL character")
    }
  }

  /// Whether `codec` takes planar 32-bit float samples, what the session gives it.
  static func takesPlanarFloat(_ codec: UnsafePointer<AVCodec>) -> Bool {
    guard var format = codec.pointee.sample_fmts else { return true }
    while format.pointee != AV_SAMPLE_FMT_NONE {
      if format.pointee == AV_SAMPLE_FMT_FLTP { return true }
      format += 1
    }
    return false
  }
}
