import CFFmpeg

/// One output file being encoded: the muxer, its file, the encoder and the frame and packet
/// they reuse. The shared part of `AACWriter` and `OggVorbisWriter`.
///
/// Owns every FFmpeg object it allocates and frees them in `deinit`, whether or not `finish`
/// was called (a file left unfinished is incomplete, and is the caller's to delete).
final class EncoderSession {
  private enum State {
    case open
    case finished
    case failed
  }

  /// Frames per codec frame for encoders that take any number (`frame_size` 0).
  private static let variableFrameSize = 1024

  let path: String
  let sampleRate: Int
  let channelCount: Int
  private var formatContext: UnsafeMutablePointer<AVFormatContext>?
  private var codecContext: UnsafeMutablePointer<AVCodecContext>?
  private var frame: UnsafeMutablePointer<AVFrame>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  private var streamTimeBase = AVRational(num: 1, den: 1)
  /// Frames per codec frame (1024 for AAC).
  private var frameSize = 0
  /// Frames in `frame` not yet sent to the encoder.
  private var bufferedFrameCount = 0
  /// Frames sent to the encoder so far: the next frame's timestamp.
  private var sentFrameCount: Int64 = 0
  private var state = State.open

  /// Creates `path` (replacing it), opens the encoder and writes the container's header.
  /// The corresponding C functions are `avformat_alloc_output_context2`, `avcodec_open2`,
  /// `avio_open` and `avformat_write_header`.
  init(_ setup: EncoderSetup) throws(EncodingError) {
    path = setup.path
    sampleRate = setup.sampleRate
    channelCount = setup.channelCount
    LibraryLog.silence()
    try EncoderInput.validate(
      sampleRate: sampleRate, channelCount: channelCount, path: path)
    try setup.validateMetadata()

    var formatContext: UnsafeMutablePointer<AVFormatContext>?
    try check(
      avformat_alloc_output_context2(&formatContext, nil, setup.muxerName, path),
      "choosing the \(setup.muxerName) muxer")
    guard let formatContext else { throw outOfMemory("choosing the \(setup.muxerName) muxer") }
    self.formatContext = formatContext
    DeterministicSettings.apply(to: formatContext)

    let codecContext = try openEncoder(setup, muxer: formatContext)
    guard let stream = avformat_new_stream(formatContext, nil) else {
      throw outOfMemory("adding the audio stream")
    }
    try check(
      avcodec_parameters_from_context(stream.pointee.codecpar, codecContext),
      "adding the audio stream")
    stream.pointee.time_base = codecContext.pointee.time_base
    for (key, value) in setup.metadata {
      try check(
        av_dict_set(&formatContext.pointee.metadata, key, value, AV_DICT_MULTIKEY),
        "setting the metadata")
    }

    try check(avio_open(&formatContext.pointee.pb, path, AVIO_FLAG_WRITE), "opening the file")
    var options: OpaquePointer?
    defer { av_dict_free(&options) }
    for (key, value) in setup.muxerOptions {
      try check(av_dict_set(&options, key, value, 0), "writing the header")
    }
    try check(avformat_write_header(formatContext, &options), "writing the header")
    guard av_dict_count(options) == 0 else {
      throw EncodingError(
        operation: "writing the header", path: path,
        reason: "the \(setup.muxerName) muxer does not know all the options given")
    }
    // The muxer may have chosen its own time base for the stream.
    streamTimeBase = stream.pointee.time_base
    try allocateFrameAndPacket(codecContext)
  }

  deinit {
    if let formatContext {
      if formatContext.pointee.pb != nil { avio_closep(&formatContext.pointee.pb) }
      avformat_free_context(formatContext)
    }
    avcodec_free_context(&codecContext)
    av_frame_free(&frame)
    av_packet_free(&packet)
  }

  /// Buffers interleaved frames, sending each whole codec frame to the encoder and the packets
  /// it makes to the muxer. The corresponding C function is `avcodec_send_frame`.
  func write(_ frames: UnsafeBufferPointer<Float>) throws(EncodingError) {
    let operation = "encoding frames"
    try checkOpen(operation)
    guard frames.count % channelCount == 0 else {
      throw EncodingError(
        operation: operation, path: path,
        reason: "\(frames.count) sample values do not make whole frames of "
          + "\(channelCount) channels")
    }
    guard let frame else { throw outOfMemory(operation) }
    do throws(EncodingError) {
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
    } catch {
      state = .failed
      throw error
    }
  }

  /// Sends the last, possibly short, codec frame, drains the encoder, writes the trailer and
  /// closes the file. The corresponding C functions are `av_write_trailer` and `avio_closep`.
  func finish() throws(EncodingError) {
    if state == .finished { return }
    try checkOpen("finishing the file")
    guard let formatContext, let codecContext else { throw outOfMemory("finishing the file") }
    do throws(EncodingError) {
      // FFmpeg cannot read back an Ogg file without audio pages; no player wants either.
      guard sentFrameCount + Int64(bufferedFrameCount) > 0 else {
        throw EncodingError(
          operation: "finishing the file", path: path,
          reason: "no frames were written; a sound needs at least one")
      }
      if bufferedFrameCount > 0 { try sendBufferedFrames() }
      try check(avcodec_send_frame(codecContext, nil), "finishing the encoding")
      try writeEncodedPackets()
      try check(av_write_trailer(formatContext), "writing the trailer")
      if let file = formatContext.pointee.pb { try check(file.pointee.error, "writing the file") }
      try check(avio_closep(&formatContext.pointee.pb), "closing the file")
      state = .finished
    } catch {
      state = .failed
      throw error
    }
  }

  /// Finds, sets up and opens the encoder: the input's format, the caller's rate control and
  /// `DeterministicSettings`.
  private func openEncoder(
    _ setup: EncoderSetup, muxer: UnsafeMutablePointer<AVFormatContext>
  ) throws(EncodingError) -> UnsafeMutablePointer<AVCodecContext> {
    let operation = "opening the \(setup.encoderName) encoder"
    guard let codec = avcodec_find_encoder_by_name(setup.encoderName) else {
      throw EncodingError(
        operation: operation, path: path,
        reason: "this FFmpeg has no '\(setup.encoderName)' encoder")
    }
    guard EncoderSetup.takesPlanarFloat(codec) else {
      throw EncodingError(
        operation: operation, path: path,
        reason: "the '\(setup.encoderName)' encoder does not take planar float samples")
    }
    guard let codecContext = avcodec_alloc_context3(codec) else { throw outOfMemory(operation) }
    self.codecContext = codecContext
    codecContext.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
    codecContext.pointee.sample_rate = Int32(sampleRate)
    codecContext.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
    av_channel_layout_default(&codecContext.pointee.ch_layout, Int32(channelCount))
    if muxer.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
      codecContext.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
    }
    DeterministicSettings.apply(to: codecContext)
    setup.configureEncoder(codecContext)
    try check(avcodec_open2(codecContext, codec, nil), operation)
    let size = Int(codecContext.pointee.frame_size)
    frameSize = size > 0 ? size : Self.variableFrameSize
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

  /// Hands every packet the encoder has ready to the muxer.
  /// The corresponding C functions are `avcodec_receive_packet` and `av_interleaved_write_frame`.
  private func writeEncodedPackets() throws(EncodingError) {
    guard let formatContext, let codecContext, let packet else {
      throw outOfMemory("writing audio")
    }
    while true {
      let status = avcodec_receive_packet(codecContext, packet)
      if status == LibraryCode.tryAgain || status == LibraryCode.endOfFile { return }
      try check(status, "encoding frames")
      av_packet_rescale_ts(packet, codecContext.pointee.time_base, streamTimeBase)
      packet.pointee.stream_index = 0
      // Takes the packet's data and leaves it blank for the next one.
      try check(av_interleaved_write_frame(formatContext, packet), "writing audio")
    }
  }

  private func checkOpen(_ operation: String) throws(EncodingError) {
    switch state {
    case .open: return
    case .finished:
      throw EncodingError(operation: operation, path: path, reason: "the file is already finished")
    case .failed:
      throw EncodingError(
        operation: operation, path: path, reason: "an earlier step failed; the file is incomplete")
    }
  }

  private func check(_ status: Int32, _ operation: String) throws(EncodingError) {
    try checkLibraryStatus(status, operation, path: path)
  }

  private func outOfMemory(_ operation: String) -> EncodingError {
    libraryError(LibraryCode.outOfMemory, operation, path: path)
  }
}
