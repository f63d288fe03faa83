import CFFmpeg

/// The settings that make the same frames give the same bytes on every run and machine, in one
/// place (see `notes/media-libraries.md`): bit-exact muxers, codecs and pixel conversion, a
/// fixed number of codec threads.
enum DeterministicSettings {
  /// Codec threads: the AAC and libx264 encoders' bytes change with the thread count, so never
  /// "auto".
  static let threadCount: Int32 = 1
  /// libx264's threads for video, fixed whatever the machine or `--jobs`: x264's frame threads
  /// give the same bytes on every run for one count, and a count of their own. Four took
  /// 1080p60 Twinkle from 28-31 s to 18-20 s on 2 cores (and to 332 MB from 243 MB).
  static let videoThreadCount: Int32 = 4
  /// libswscale's flags for exact, machine-independent arithmetic (no SIMD shortcuts that
  /// round differently), with bilinear filtering of the chroma planes.
  static let pictureConversionFlags = SWS_BILINEAR | SWS_BITEXACT | SWS_ACCURATE_RND
  /// libx264's private options that pin its assembly: its SSSE3-and-later code decides some
  /// macroblocks' quantizers differently from its C and SSE2 code, so the bytes depended on
  /// the processor. SSE2, which every x86-64 processor has, gives the C code's bytes at no
  /// measurable cost (the C code alone takes 2.8 times as long). Elsewhere none is set.
  static var x264Options: [(String, String)] {
    #if arch(x86_64)
      [("x264-params", "asm=SSE2")]
    #else
      []
    #endif
  }

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
