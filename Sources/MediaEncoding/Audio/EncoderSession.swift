/// One audio file being encoded: a `Muxer` with one `AudioStreamEncoder`. The shared part of
/// `AACWriter` and `OggVorbisWriter`.
///
/// A file left unfinished (no `finish`, or an error) is incomplete, and is the caller's to
/// delete; the FFmpeg objects are freed either way.
final class EncoderSession {
  let path: String
  let sampleRate: Int
  let channelCount: Int
  private let writesGaplessTag: Bool
  private let muxer: Muxer
  private let audio: AudioStreamEncoder

  /// Creates `path` (replacing it), opens the encoder and writes the container's header.
  /// The corresponding C functions are `avformat_alloc_output_context2`, `avcodec_open2`,
  /// `avio_open` and `avformat_write_header`.
  init(_ setup: EncoderSetup) throws(EncodingError) {
    path = setup.path
    sampleRate = setup.sampleRate
    channelCount = setup.channelCount
    writesGaplessTag = setup.writesGaplessTag
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
  /// closes the file, then writes the gapless tag if the setup asks for it.
  /// The corresponding C functions are `av_write_trailer` and `avio_closep`.
  func finish() throws(EncodingError) {
    if muxer.isFinished { return }
    try muxer.perform("finishing the file") { () throws(EncodingError) in
      try audio.finish()
      try muxer.finish()
      if writesGaplessTag { try gaplessTag().write(toMP4At: path) }
    }
  }

  /// The gapless tag of what was encoded: the encoder's priming, the frames written and the
  /// padding of its last packet.
  func gaplessTag() throws(EncodingError) -> GaplessTag {
    guard
      let tag = GaplessTag(
        primingFrameCount: audio.primingFrameCount, frameCount: audio.sentFrameCount,
        encodedFrameCount: audio.encodedFrameCount)
    else {
      throw EncodingError(
        operation: "writing the gapless tag", path: path,
        reason: "the encoder's \(audio.encodedFrameCount) frames do not hold "
          + "\(audio.primingFrameCount) of priming and the \(audio.sentFrameCount) written")
    }
    return tag
  }
}
