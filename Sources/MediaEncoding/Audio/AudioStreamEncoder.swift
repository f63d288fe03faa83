import CFFmpeg

/// The audio stream of an output file: its encoder and the frame and packet it reuses. Buffers
/// interleaved float frames into whole codec frames and hands the packets to the `Muxer`.
///
/// Owns every FFmpeg object it allocates and frees them in `deinit`.
final class AudioStreamEncoder {
  /// Frames per codec frame for encoders that take any number (`frame_size` 0).
  private static let variableFrameSize = 1024

  let sampleRate: Int
  let channelCount: Int
  private let muxer: Muxer
  private var codecContext: UnsafeMutablePointer<AVCodecContext>?
  private var frame: UnsafeMutablePointer<AVFrame>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  private var streamIndex: Int32 = 0
  /// Frames per codec frame (1024 for AAC).
  private var frameSize = 0
  /// Frames in `frame` not yet sent to the encoder.
  private var bufferedFrameCount = 0
  /// Frames sent to the encoder so far: the next frame's timestamp.
  private(set) var sentFrameCount: Int64 = 0
  /// Packets the encoder has made so far, each decoding to `frameSize` frames.
  private var packetCount: Int64 = 0
  /// Frames of priming the encoder puts before the audio (its `initial_padding`).
  private(set) var primingFrameCount = 0

  /// Frames the packets made so far decode to: priming, audio and the last packet's padding.
  var encodedFrameCount: Int64 { packetCount * Int64(frameSize) }

  /// Opens the setup's encoder and adds its stream to `muxer`, before the muxer starts.
  /// The corresponding C functions are `avcodec_open2` and `avformat_new_stream`.
  init(_ setup: EncoderSetup, muxer: Muxer) throws(EncodingError) {
    sampleRate = setup.sampleRate
    channelCount = setup.channelCount
    self.muxer = muxer
    try EncoderInput.validate(
      sampleRate: sampleRate, channelCount: channelCount, path: muxer.path)
    let codecContext = try openEncoder(setup)
    streamIndex = try muxer.addStream(for: codecContext, "adding the audio stream")
    try allocateFrameAndPacket(codecContext)
  }

  deinit {
    avcodec_free_context(&codecContext)
    av_frame_free(&frame)
    av_packet_free(&packet)
  }

  /// Throws unless `frames` holds whole frames; checked before anything is encoded.
  func validate(_ frames: UnsafeBufferPointer<Float>) throws(EncodingError) {
    guard frames.count % channelCount == 0 else {
      throw EncodingError(
        operation: "encoding frames", path: muxer.path,
        reason: "\(frames.count) sample values do not make whole frames of "
          + "\(channelCount) channels")
    }
  }

  /// Buffers interleaved frames, sending each whole codec frame to the encoder and the packets
  /// it makes to the muxer. The corresponding C function is `avcodec_send_frame`.
  func encode(_ frames: UnsafeBufferPointer<Float>) throws(EncodingError) {
    let operation = "encoding frames"
    guard let frame else { throw outOfMemory(operation) }
    var valueIndex = 0
    while valueIndex < frames.count {
      if bufferedFrameCount == 0 {
        // The encoder may still hold a reference to the last frame's buffers.
        frame.pointee.nb_samples = Int32(frameSize)
        try check(av_frame_make_writable(frame), operation)
      }
      let count = min(frameSize - bufferedFrameCount, (frames.count - valueIndex) / channelCount)
      deinterleave(frames, from: valueIndex, count: count, into: frame)
      bufferedFrameCount += count
      valueIndex += count * channelCount
      if bufferedFrameCount == frameSize { try sendBufferedFrames() }
    }
  }

  /// Sends the last, possibly short, codec frame and drains the encoder into the muxer.
  func finish() throws(EncodingError) {
    guard let codecContext else { throw outOfMemory("finishing the encoding") }
    // FFmpeg cannot read back an Ogg file without audio pages; no player wants either.
    guard sentFrameCount + Int64(bufferedFrameCount) > 0 else {
      throw EncodingError(
        operation: "finishing the file", path: muxer.path,
        reason: "no frames were written; a sound needs at least one")
    }
    if bufferedFrameCount > 0 { try sendBufferedFrames() }
    try check(avcodec_send_frame(codecContext, nil), "finishing the encoding")
    try writeEncodedPackets()
  }

  /// Finds, sets up and opens the encoder: the input's format, the caller's rate control and
  /// `DeterministicSettings`.
  private func openEncoder(
    _ setup: EncoderSetup
  ) throws(EncodingError) -> UnsafeMutablePointer<AVCodecContext> {
    let operation = "opening the \(setup.encoderName) encoder"
    guard let codec = avcodec_find_encoder_by_name(setup.encoderName) else {
      throw EncodingError(
        operation: operation, path: muxer.path,
        reason: "this FFmpeg has no '\(setup.encoderName)' encoder")
    }
    guard EncoderSetup.takesPlanarFloat(codec) else {
      throw EncodingError(
        operation: operation, path: muxer.path,
        reason: "the '\(setup.encoderName)' encoder does not take planar float samples")
    }
    guard let codecContext = avcodec_alloc_context3(codec) else { throw outOfMemory(operation) }
    self.codecContext = codecContext
    codecContext.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
    codecContext.pointee.sample_rate = Int32(sampleRate)
    codecContext.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
    av_channel_layout_default(&codecContext.pointee.ch_layout, Int32(channelCount))
    if muxer.wantsGlobalHeader { codecContext.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
    DeterministicSettings.apply(to: codecContext)
    setup.configureEncoder(codecContext)
    try check(avcodec_open2(codecContext, codec, nil), operation)
    let size = Int(codecContext.pointee.frame_size)
    frameSize = size > 0 ? size : Self.variableFrameSize
    primingFrameCount = Int(codecContext.pointee.initial_padding)
    return codecContext
  }

  /// Allocates the one frame and packet reused for the whole file.
  private func allocateFrameAndPacket(
    _ codecContext: UnsafeMutablePointer<AVCodecContext>
  ) throws(EncodingError) {
    let operation = "allocating the frame buffer"
    guard let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
      throw outOfMemory(operation)
    }
    self.frame = frame
    self.packet = packet
    frame.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
    frame.pointee.sample_rate = codecContext.pointee.sample_rate
    frame.pointee.nb_samples = Int32(frameSize)
    try check(
      av_channel_layout_copy(&frame.pointee.ch_layout, &codecContext.pointee.ch_layout), operation)
    try check(av_frame_get_buffer(frame, 0), operation)
  }

  /// Copies `count` interleaved frames starting at sample value `start` into the planes of
  /// `frame`, after the frames already buffered there.
  private func deinterleave(
    _ frames: UnsafeBufferPointer<Float>, from start: Int, count: Int,
    into frame: UnsafeMutablePointer<AVFrame>
  ) {
    for channel in 0..<channelCount {
      guard let plane = frame.pointee.extended_data[channel] else { continue }
      let destination =
        UnsafeMutableRawPointer(plane).assumingMemoryBound(to: Float.self) + bufferedFrameCount
      var source = start + channel
      for offset in 0..<count {
        destination[offset] = frames[source]
        source += channelCount
      }
    }
  }

  /// Sends the buffered frames (a whole codec frame, or the last, short one) to the encoder.
  private func sendBufferedFrames() throws(EncodingError) {
    guard let frame, let codecContext else { throw outOfMemory("encoding frames") }
    frame.pointee.nb_samples = Int32(bufferedFrameCount)
    frame.pointee.pts = sentFrameCount
    try check(avcodec_send_frame(codecContext, frame), "encoding frames")
    sentFrameCount += Int64(bufferedFrameCount)
    bufferedFrameCount = 0
    try writeEncodedPackets()
  }

  private func writeEncodedPackets() throws(EncodingError) {
    guard let codecContext, let packet else { throw outOfMemory("writing audio") }
    packetCount += Int64(
      try muxer.writePackets(
        from: codecContext, streamIndex: streamIndex, using: packet, "writing audio"))
  }

  private func check(_ status: Int32, _ operation: String) throws(EncodingError) {
    try checkLibraryStatus(status, operation, path: muxer.path)
  }

  private func outOfMemory(_ operation: String) -> EncodingError {
    libraryError(LibraryCode.outOfMemory, operation, path: muxer.path)
  }
}
