import CFFmpeg

/// The settings that make the same frames give the same bytes on every run and machine, in one
/// place (see `notes/media-libraries.md`): bit-exact muxers, codecs and pixel conversion, a
/// fixed number of codec threads.
enum DeterministicSettings {
  /// Codec threads: the AAC and libx264 encoders' bytes change with the thread count, so never
  /// "auto".
  static let threadCount: Int32 = 1
  /// libx264's threads for video, fixed whatever the machine, `--jobs` or `--threads`: x264
  /// gives the same bytes on every run for one count, and different bytes for another.
  static let videoThreadCount: Int32 = 4
  /// libx264's private options (`x264-params`), each chosen for the same bytes everywhere:
  /// - `sliced-threads=1`: the four threads encode four slices of each picture together
  ///   instead of four pictures at once, each frame thread holding pictures of its own. At
  ///   1080p frame threads took x264 to about 240 MB, slices to about 160 MB, and on two
  ///   cores slices took 0.57 of the time (FFmpeg, 600 pictures at 1080p). A slice is a fixed band of macroblock rows, so the bytes are the same
  ///   on every run. Quality is the same (PSNR and SSIM against the drawn pictures, the first
  ///   15 s of Twinkle at 1080p60: 53.79 dB and 0.99895, against 53.73 dB and 0.99894 with
  ///   frame threads); the slices' edges cost about 22% more bytes at the same CRF.
  /// - x264's look-ahead stays `veryfast`'s 10 pictures (about 6 MB each at 1080p): 5 would
  ///   save 33 MB at 1080p but lost 1.5 dB on the same pictures, since the macroblock tree
  ///   then sees less of how long a still picture lasts.
  /// - `asm=SSE2` (x86-64 only): x264's SSSE3-and-later code decides some macroblocks'
  ///   quantizers differently from its C and SSE2 code, so the bytes depended on the
  ///   processor. SSE2, which every x86-64 processor has, gives the C code's bytes at no
  ///   measurable cost (the C code alone takes 2.8 times as long).
  static var x264Parameters: String {
    var parameters = ["sliced-threads=1"]
    #if arch(x86_64)
      parameters.append("asm=SSE2")
    #endif
    return parameters.joined(separator: ":")
  }
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
