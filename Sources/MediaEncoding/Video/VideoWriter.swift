/// Writes an MP4 video: H.264 (libx264, yuv420p, BT.709 limited range) from Cairo's ARGB32
/// pictures, and AAC-LC audio exactly as `AACWriter` encodes it (its edit list skips the
/// priming and ends at the last frame written).
///
/// The caller alternates: audio up to a video frame's time, then that frame. The muxer
/// interleaves the two by time, holding only x264's look-ahead, so memory does not grow with
/// the length. The same pictures and frames give the same bytes, however the audio is split.
public final class VideoWriter {
  public var path: String { muxer.path }
  /// The picture size and frame rate.
  public var video: VideoFormat { videoStream.format }
  /// Audio frames per second, in Hz: one of `EncoderInput.sampleRates`.
  public var sampleRate: Int { audio.sampleRate }
  /// 1 (mono) or 2 (stereo).
  public var channelCount: Int { audio.channelCount }
  /// Video frames written so far: the next one is shown from `videoFrameCount / fps` seconds.
  public var videoFrameCount: Int { Int(videoStream.sentFrameCount) }
  private let muxer: Muxer
  private let videoStream: VideoStreamEncoder
  private let audio: AudioStreamEncoder

  /// Creates `path` (replacing it) and writes its header; `title` and `artist` go into the
  /// file's metadata. `audioBitRate` is in bits per second for all channels together.
  /// The corresponding C function is `avformat_write_header`.
  public init(
    path: String, video: VideoFormat, sampleRate: Int, channelCount: Int,
    audioBitRate: Int = AACWriter.defaultBitRate, title: String? = nil, artist: String? = nil
  ) throws(EncodingError) {
    try video.validate(path: path)
    let setup = try AACWriter.setup(
      path: path, muxerName: "mp4", sampleRate: sampleRate, channelCount: channelCount,
      bitRate: audioBitRate, title: title, artist: artist)
    muxer = try Muxer(setup)
    videoStream = try VideoStreamEncoder(video, muxer: muxer)
    audio = try AudioStreamEncoder(setup, muxer: muxer)
    try muxer.start()
  }

  /// Encodes the next video frame: Cairo's `CAIRO_FORMAT_ARGB32` pixels (premultiplied alpha,
  /// native-endian 32-bit words, `bytesPerRow` bytes per row, `video.width`×`video.height`).
  /// Frame n is shown from n / `video.framesPerSecond` seconds; alpha is ignored, so a
  /// translucent pixel shows over black. The corresponding C function is `avcodec_send_frame`.
  public func writeVideoFrame(
    _ pixels: UnsafeRawBufferPointer, bytesPerRow: Int
  ) throws(EncodingError) {
    let operation = "encoding a video frame"
    try muxer.checkWritable(operation)
    try videoStream.validate(pixels, bytesPerRow: bytesPerRow)
    try muxer.perform(operation) { () throws(EncodingError) in
      try videoStream.encode(pixels, bytesPerRow: bytesPerRow)
    }
  }

  /// Encodes the next video frame from a picture already converted (on any thread) by a
  /// `VideoPictureConverter` of the video's size; the same picture may be written again for
  /// each frame that shows it, converted once. The corresponding C function is
  /// `avcodec_send_frame`.
  package func writeVideoFrame(_ picture: VideoPicture) throws(EncodingError) {
    try muxer.perform("encoding a video frame") { () throws(EncodingError) in
      try videoStream.encode(picture)
    }
  }

  /// Encodes interleaved float audio frames, in blocks of any size: the same frames give the
  /// same file however they are split. The corresponding C function is `avcodec_send_frame`.
  public func writeAudio(_ frames: UnsafeBufferPointer<Float>) throws(EncodingError) {
    let operation = "encoding frames"
    try muxer.checkWritable(operation)
    try audio.validate(frames)
    try muxer.perform(operation) { () throws(EncodingError) in try audio.encode(frames) }
  }

  /// Encodes what the encoders still hold, writes the index (before the media, for streaming)
  /// and closes the file, freeing the video encoder. Needs at least one video frame and one audio frame. Once it has
  /// succeeded, calling it again does nothing; after any error the file is incomplete.
  /// The corresponding C functions are `av_write_trailer` and `avio_closep`.
  public func finish() throws(EncodingError) {
    if muxer.isFinished { return }
    try muxer.perform("finishing the file") { () throws(EncodingError) in
      try videoStream.finish()
      try audio.finish()
      try muxer.finish()
      videoStream.releaseEncoder()
    }
  }
}
