import CFFmpeg

/// The settings that make the same frames give the same bytes on every run and machine, in one
/// place (see `notes/media-libraries.md`): bit-exact muxers, codecs and pixel conversion, one
/// codec thread.
enum DeterministicSettings {
  /// Codec threads: the AAC and libx264 encoders' bytes change with the thread count, so never
  /// "auto".
  static let threadCount: Int32 = 1
  /// libswscale's flags for exact, machine-independent arithmetic (no SIMD shortcuts that
  /// round differently), with bilinear filtering of the chroma planes.
  static let pictureConversionFlags = SWS_BILINEAR | SWS_BITEXACT | SWS_ACCURATE_RND

  /// Keeps version strings, timestamps and random stream serial numbers out of the file.
  static func apply(to formatContext: UnsafeMutablePointer<AVFormatContext>) {
    formatContext.pointee.flags |= AVFMT_FLAG_BITEXACT
  }

  /// Bit-exact arithmetic and no version strings from the codec, on one thread.
  static func apply(to codecContext: UnsafeMutablePointer<AVCodecContext>) {
    codecContext.pointee.flags |= AV_CODEC_FLAG_BITEXACT
    codecContext.pointee.thread_count = threadCount
  }
}
