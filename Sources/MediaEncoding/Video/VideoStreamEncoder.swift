import CFFmpeg

/// The H.264 stream of a video file: libx264, the pixel conversion from Cairo's ARGB32, and
/// the frame and packet it reuses. Hands the packets to the `Muxer`.
///
/// Owns every FFmpeg object it allocates and frees them in `deinit`.
final class VideoStreamEncoder {
  /// x264's speed preset: a 30 s song at 1280×720 and 30 frames per second encodes in well
  /// under a minute on one core.
  static let preset = "veryfast"
  /// x264's constant rate factor: about visually lossless for drawn pictures.
  static let constantRateFactor = "20"
  /// Seconds between keyframes at most, so a player can seek.
  static let keyframeIntervalSeconds = 2

  let format: VideoFormat
  private let muxer: Muxer
  /// The conversion of pictures handed over as Cairo's pixels, made on first use: a caller
  /// that converts its own `VideoPicture`s never needs one.
  private var converter: VideoPictureConverter?
  private var convertedPicture: VideoPicture?
  private var codecContext: UnsafeMutablePointer<AVCodecContext>?
  /// The frame handed to the encoder: a reference to a picture's buffers, with its timestamp.
  private var frame: UnsafeMutablePointer<AVFrame>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  private var streamIndex: Int32 = 0
  /// Frames sent to the encoder so far: the next frame's timestamp.
  private(set) var sentFrameCount: Int64 = 0

  /// Opens libx264 for a validated `format` and adds its stream to `muxer`, before the muxer
  /// starts. The corresponding C functions are `avcodec_open2` and `avformat_new_stream`.
  init(_ format: VideoFormat, muxer: Muxer) throws(EncodingError) {
    self.format = format
    self.muxer = muxer
    let codecContext = try openEncoder()
    streamIndex = try muxer.addStream(for: codecContext, "adding the video stream")
    try allocateFrameAndPacket()
  }

  deinit {
    avcodec_free_context(&codecContext)
    av_frame_free(&frame)
    av_packet_free(&packet)
  }

  /// Throws unless `pixels` holds a whole picture of `bytesPerRow` bytes per row; checked
  /// before anything is encoded.
  func validate(_ pixels: UnsafeRawBufferPointer, bytesPerRow: Int) throws(EncodingError) {
    try pixelConverter().validate(pixels, bytesPerRow: bytesPerRow)
  }

  /// Converts a validated picture to yuv420p and sends it to the encoder as the next frame.
  /// The corresponding C functions are `sws_scale` and `avcodec_send_frame`.
  func encode(_ pixels: UnsafeRawBufferPointer, bytesPerRow: Int) throws(EncodingError) {
    let converter = try pixelConverter()
    let picture: VideoPicture
    if let convertedPicture {
      picture = convertedPicture
    } else {
      picture = try converter.makePicture()
      convertedPicture = picture
    }
    try converter.convert(pixels, bytesPerRow: bytesPerRow, into: picture)
    try encode(picture)
  }

  /// Sends `picture` to the encoder as the next frame. The encoder copies its planes before
  /// this returns (x264 copies every input picture into frames of its own), and drops its
  /// reference once the packets are taken. The corresponding C function is
  /// `avcodec_send_frame`.
  func encode(_ picture: VideoPicture) throws(EncodingError) {
    let operation = "encoding a video frame"
    guard let frame, let codecContext else { throw outOfMemory(operation) }
    guard picture.width == format.width, picture.height == format.height else {
      throw EncodingError(
        operation: operation, path: muxer.path,
        reason: "a \(picture.width)×\(picture.height) picture in a "
          + "\(format.width)×\(format.height) video")
    }
    try check(av_frame_ref(frame, picture.frame), operation)
    defer { av_frame_unref(frame) }
    frame.pointee.pts = sentFrameCount
    try check(avcodec_send_frame(codecContext, frame), operation)
    sentFrameCount += 1
    try writeEncodedPackets()
  }

  /// Drains the frames the encoder still holds (its look-ahead) into the muxer.
  func finish() throws(EncodingError) {
    guard let codecContext else { throw outOfMemory("finishing the encoding") }
    guard sentFrameCount > 0 else {
      throw EncodingError(
        operation: "finishing the file", path: muxer.path,
        reason: "no video frames were written; a video needs at least one")
    }
    try check(avcodec_send_frame(codecContext, nil), "finishing the encoding")
    try writeEncodedPackets()
  }

  /// Frees the encoder and its pictures once the file is finished: x264's pictures in flight
  /// are most of a video's memory, and the file is read back to check it before this object
  /// goes. The corresponding C function is `avcodec_free_context`.
  func releaseEncoder() {
    avcodec_free_context(&codecContext)
    converter = nil
    convertedPicture = nil
  }

  /// Sets up libx264: size, yuv420p, BT.709 in the limited range, the rate, x264's preset,
  /// rate factor and keyframe interval, and `DeterministicSettings`.
  private func openEncoder() throws(EncodingError) -> UnsafeMutablePointer<AVCodecContext> {
    let operation = "opening the libx264 encoder"
    guard let codec = avcodec_find_encoder_by_name("libx264") else {
      throw EncodingError(
        operation: operation, path: muxer.path, reason: "this FFmpeg has no 'libx264' encoder")
    }
    guard let codecContext = avcodec_alloc_context3(codec) else { throw outOfMemory(operation) }
    self.codecContext = codecContext
    let rate = Int32(format.framesPerSecond)
    codecContext.pointee.width = Int32(format.width)
    codecContext.pointee.height = Int32(format.height)
    codecContext.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
    codecContext.pointee.pix_fmt = PictureConverter.Format.yuv420p.pixelFormat
    codecContext.pointee.color_primaries = AVCOL_PRI_BT709
    codecContext.pointee.color_trc = AVCOL_TRC_BT709
    codecContext.pointee.colorspace = AVCOL_SPC_BT709
    codecContext.pointee.color_range = AVCOL_RANGE_MPEG
    codecContext.pointee.time_base = AVRational(num: 1, den: rate)
    codecContext.pointee.framerate = AVRational(num: rate, den: 1)
    codecContext.pointee.gop_size = rate * Int32(Self.keyframeIntervalSeconds)
    if muxer.wantsGlobalHeader { codecContext.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
    DeterministicSettings.apply(to: codecContext)
    codecContext.pointee.thread_count = DeterministicSettings.videoThreadCount
    let options = [
      ("preset", Self.preset), ("crf", Self.constantRateFactor),
      ("x264-params", DeterministicSettings.x264Parameters),
    ]
    for (key, value) in options {
      try check(av_opt_set(codecContext.pointee.priv_data, key, value, 0), operation)
    }
    try check(avcodec_open2(codecContext, codec, nil), operation)
    return codecContext
  }

  /// Allocates the one frame and packet reused for the whole file.
  private func allocateFrameAndPacket() throws(EncodingError) {
    guard let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
      throw outOfMemory("allocating the frame buffer")
    }
    self.frame = frame
    self.packet = packet
  }

  private func pixelConverter() throws(EncodingError) -> VideoPictureConverter {
    if let converter { return converter }
    let made = try VideoPictureConverter(
      width: format.width, height: format.height, path: muxer.path)
    converter = made
    return made
  }

  private func writeEncodedPackets() throws(EncodingError) {
    guard let codecContext, let packet else { throw outOfMemory("writing video") }
    // libx264 gives packets no duration; each frame lasts one tick of 1/fps.
    try muxer.writePackets(
      from: codecContext, streamIndex: streamIndex, using: packet, defaultDuration: 1,
      "writing video")
  }

  private func check(_ status: Int32, _ operation: String) throws(EncodingError) {
    try checkLibraryStatus(status, operation, path: muxer.path)
  }

  private func outOfMemory(_ operation: String) -> EncodingError {
    libraryError(LibraryCode.outOfMemory, operation, path: muxer.path)
  }
}
