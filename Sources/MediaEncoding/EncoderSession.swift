/// One audio file being encoded: a `Muxer` with one `AudioStreamEncoder`. The shared part of
/// `AACWriter` and `OggVorbisWriter`.
///
/// A file left unfinished (no `finish`, or an error) is incomplete, and is the caller's to
/// delete; the FFmpeg objects are freed either way.
final class EncoderSession {
  let path: String
  let sampleRate: Int
  let channelCount: Int
  private let muxer: Muxer
  private let audio: AudioStreamEncoder

  /// Creates `path` (replacing it), opens the encoder and writes the container's header.
  /// The corresponding C functions are `avformat_alloc_output_context2`, `avcodec_open2`,
  /// `avio_open` and `avformat_write_header`.
  init(_ setup: EncoderSetup) throws(EncodingError) {
    path = setup.path
    sampleRate = setup.sampleRate
    channelCount = setup.channelCount
    muxer = try Muxer(setup)
    audio = try AudioStreamEncoder(setup, muxer: muxer)
    try muxer.start()
  }

  /// Encodes interleaved frames. The corresponding C function is `avcodec_send_frame`.
  func write(_ frames: UnsafeBufferPointer<Float>) throws(EncodingError) {
    let operation = "encoding frames"
    try muxer.checkWritable(operation)
    try audio.validate(frames)
    try muxer.perform(operation) { () throws(EncodingError) in try audio.encode(frames) }
  }

  /// Sends the last, possibly short, codec frame, drains the encoder, writes the trailer and
  /// closes the file. The corresponding C functions are `av_write_trailer` and `avio_closep`.
  func finish() throws(EncodingError) {
    if muxer.isFinished { return }
    try muxer.perform("finishing the file") { () throws(EncodingError) in
      try audio.finish()
      try muxer.finish()
    }
  }
}
