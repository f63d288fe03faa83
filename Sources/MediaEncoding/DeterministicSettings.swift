import CFFmpeg

/// The settings that make the same frames give the same bytes on every run and machine, in one
/// place (see `notes/media-libraries.md`): bit-exact muxers and codecs, one codec thread.
enum DeterministicSettings {
  /// Codec threads: the AAC encoder's bytes change with the thread count, so never "auto".
  static let threadCount: Int32 = 1

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
