import CFFmpeg

/// A video file open for decoding, for checking what `VideoWriter` wrote: the video stream's
/// size, rate and length, the audio stream's length, and each picture as 8-bit RGB (converted
/// from BT.709 limited-range YUV).
///
/// Owns the demuxer, the decoder, the pixel conversion and the packet and frame they reuse,
/// and frees them in `deinit`.
public final class VideoFileReader {
  public let path: String
  /// Pixels across.
  public let width: Int
  /// Pixels down.
  public let height: Int
  /// Frames per second, as the container declares it.
  public let framesPerSecond: Double
  /// The video frames the container declares.
  public let frameCount: Int
  /// The video stream's length, in seconds.
  public let durationSeconds: Double
  /// The audio stream's length as its edit list declares it, in seconds; `nil` without audio.
  public let audioDurationSeconds: Double?
  private var formatContext: UnsafeMutablePointer<AVFormatContext>?
  private var codecContext: UnsafeMutablePointer<AVCodecContext>?
  private var frame: UnsafeMutablePointer<AVFrame>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  private let converter: PictureConverter
  private let streamIndex: Int32
  private let timeBase: AVRational
  /// Whether every packet has been sent to the decoder, and the end with them.
  private var sentEnd = false

  /// Opens `path` and the decoder of its video stream. The corresponding C functions are
  /// `avformat_open_input`, `avformat_find_stream_info` and `avcodec_open2`.
  public init(path: String) throws(EncodingError) {
    self.path = path
    try FFmpegLibraries.open(for: path, access: .read)
    let check = { (status: Int32, operation: String) throws(EncodingError) -> Void in
      try checkLibraryStatus(status, operation, path: path, access: .read)
    }
    try check(avformat_open_input(&formatContext, path, nil, nil), "opening the file")
    guard let formatContext else { throw Self.outOfMemory("opening the file", path) }
    try check(avformat_find_stream_info(formatContext, nil), "reading the stream information")
    var codec: UnsafePointer<AVCodec>?
    streamIndex = try checkLibraryStatus(
      av_find_best_stream(formatContext, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0),
      "finding the video stream", path: path, access: .read)
    guard let codec, let stream = formatContext.pointee.streams[Int(streamIndex)] else {
      throw Self.outOfMemory("finding the video stream", path)
    }
    let parameters = stream.pointee.codecpar.pointee
    width = Int(parameters.width)
    height = Int(parameters.height)
    timeBase = stream.pointee.time_base
    let rate = stream.pointee.avg_frame_rate
    framesPerSecond = rate.den > 0 ? Double(rate.num) / Double(rate.den) : 0
    frameCount = Int(stream.pointee.nb_frames)
    durationSeconds = Self.seconds(stream.pointee.duration, stream.pointee.time_base)
    audioDurationSeconds = Self.audioDuration(formatContext)

    let operation = "opening the decoder"
    guard let codecContext = avcodec_alloc_context3(codec) else {
      throw Self.outOfMemory(operation, path)
    }
    self.codecContext = codecContext
    try check(avcodec_parameters_to_context(codecContext, stream.pointee.codecpar), operation)
    DeterministicSettings.apply(to: codecContext)
    try check(avcodec_open2(codecContext, codec, nil), operation)
    guard let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
      throw Self.outOfMemory(operation, path)
    }
    self.frame = frame
    self.packet = packet
    converter = try PictureConverter(
      width: width, height: height, from: .yuv420p, to: .rgb24, path: path, access: .read)
  }

  deinit {
    avcodec_free_context(&codecContext)
    av_frame_free(&frame)
    av_packet_free(&packet)
    avformat_close_input(&formatContext)
  }

  /// Decodes the next picture in presentation order; `nil` after the last.
  /// The corresponding C functions are `av_read_frame`, `avcodec_send_packet` and
  /// `avcodec_receive_frame`.
  public func nextFrame() throws(EncodingError) -> VideoFrame? {
    guard let formatContext, let codecContext, let frame, let packet else {
      throw Self.outOfMemory("decoding", path)
    }
    while true {
      let status = avcodec_receive_frame(codecContext, frame)
      if status == LibraryCode.endOfFile { return nil }
      if status != LibraryCode.tryAgain {
        try check(status, "decoding")
        defer { av_frame_unref(frame) }
        return try converted(frame)
      }
      if sentEnd { return nil }
      let readStatus = av_read_frame(formatContext, packet)
      if readStatus == LibraryCode.endOfFile {
        sentEnd = true
        try check(avcodec_send_packet(codecContext, nil), "decoding")
        continue
      }
      try check(readStatus, "reading a packet")
      defer { av_packet_unref(packet) }
      guard packet.pointee.stream_index == streamIndex else { continue }
      try check(avcodec_send_packet(codecContext, packet), "decoding")
    }
  }

  /// A decoded yuv420p picture as RGB, with its presentation time.
  private func converted(_ frame: UnsafeMutablePointer<AVFrame>) throws(EncodingError) -> VideoFrame
  {
    guard frame.pointee.format == AV_PIX_FMT_YUV420P.rawValue,
      Int(frame.pointee.width) == width, Int(frame.pointee.height) == height
    else {
      throw EncodingError(
        operation: "decoding", path: path,
        reason: "a picture is not \(width)×\(height) yuv420p, which this reader converts",
        access: .read)
    }
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    let data = frame.pointee.data
    let linesize = frame.pointee.linesize
    let done = rgb.withUnsafeMutableBufferPointer { buffer in
      converter.convert(
        [data.0, data.1, data.2].map { $0.map { UnsafePointer($0) } },
        strides: [linesize.0, linesize.1, linesize.2],
        into: [buffer.baseAddress], strides: [Int32(width * 3)])
    }
    guard done else {
      throw EncodingError(
        operation: "decoding", path: path, reason: "libswscale converted no rows", access: .read)
    }
    return VideoFrame(
      width: width, height: height, rgb: rgb,
      seconds: Self.seconds(frame.pointee.best_effort_timestamp, timeBase))
  }

  /// The first audio stream's declared length, in seconds.
  private static func audioDuration(_ formatContext: UnsafeMutablePointer<AVFormatContext>)
    -> Double?
  {
    for index in 0..<Int(formatContext.pointee.nb_streams) {
      guard let stream = formatContext.pointee.streams[index],
        stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
      else { continue }
      return seconds(stream.pointee.duration, stream.pointee.time_base)
    }
    return nil
  }

  /// `timestamp` ticks of `timeBase` in seconds; 0 when unknown.
  private static func seconds(_ timestamp: Int64, _ timeBase: AVRational) -> Double {
    guard timestamp != LibraryCode.noTimestamp, timeBase.den > 0 else { return 0 }
    return Double(timestamp) * Double(timeBase.num) / Double(timeBase.den)
  }

  private func check(_ status: Int32, _ operation: String) throws(EncodingError) {
    try checkLibraryStatus(status, operation, path: path, access: .read)
  }

  private static func outOfMemory(_ operation: String, _ path: String) -> EncodingError {
    libraryError(LibraryCode.outOfMemory, operation, path: path, access: .read)
  }
}
