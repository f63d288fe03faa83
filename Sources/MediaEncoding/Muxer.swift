import CFFmpeg

/// One output file: libavformat's muxer, the file it writes and whether writing still goes on.
/// Shared by every writer; the stream encoders add their streams and hand it their packets.
///
/// Frees the format context in `deinit`, whether or not `finish` was called (a file left
/// unfinished is incomplete, and is the caller's to delete).
final class Muxer {
  private enum State {
    case open
    case finished
    case failed
  }

  let path: String
  private let setup: EncoderSetup
  private var formatContext: UnsafeMutablePointer<AVFormatContext>?
  private var state = State.open

  /// Chooses the muxer for `path`; nothing is written before `start`.
  /// The corresponding C function is `avformat_alloc_output_context2`.
  init(_ setup: EncoderSetup) throws(EncodingError) {
    path = setup.path
    self.setup = setup
    try FFmpegLibraries.open(for: path, access: .write)
    try setup.validateMetadata()
    let operation = "choosing the \(setup.muxerName) muxer"
    var formatContext: UnsafeMutablePointer<AVFormatContext>?
    try check(
      avformat_alloc_output_context2(&formatContext, nil, setup.muxerName, path), operation)
    guard let formatContext else { throw outOfMemory(operation) }
    self.formatContext = formatContext
    DeterministicSettings.apply(to: formatContext)
  }

  deinit {
    if let formatContext {
      if formatContext.pointee.pb != nil { avio_closep(&formatContext.pointee.pb) }
      avformat_free_context(formatContext)
    }
  }

  /// Whether `finish` has succeeded.
  var isFinished: Bool { state == .finished }

  /// Whether encoders must put their headers in the stream's parameters rather than in the
  /// bitstream (MP4 does, Ogg does too).
  var wantsGlobalHeader: Bool {
    guard let format = formatContext?.pointee.oformat else { return false }
    return format.pointee.flags & AVFMT_GLOBALHEADER != 0
  }

  /// Adds a stream with the parameters of the opened encoder `codecContext` and returns its
  /// index. The corresponding C function is `avformat_new_stream`.
  func addStream(
    for codecContext: UnsafeMutablePointer<AVCodecContext>, _ operation: String
  ) throws(EncodingError) -> Int32 {
    guard let formatContext, let stream = avformat_new_stream(formatContext, nil) else {
      throw outOfMemory(operation)
    }
    try check(avcodec_parameters_from_context(stream.pointee.codecpar, codecContext), operation)
    stream.pointee.time_base = codecContext.pointee.time_base
    return stream.pointee.index
  }

  /// Creates the file (replacing it) and writes the container's header with the setup's
  /// metadata and options, once every stream is added. The corresponding C functions are
  /// `avio_open` and `avformat_write_header`.
  func start() throws(EncodingError) {
    guard let formatContext else { throw outOfMemory("writing the header") }
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
  }

  /// Throws if an earlier step failed or the file is finished.
  func checkWritable(_ operation: String) throws(EncodingError) {
    switch state {
    case .open: return
    case .finished:
      throw EncodingError(operation: operation, path: path, reason: "the file is already finished")
    case .failed:
      throw EncodingError(
        operation: operation, path: path, reason: "an earlier step failed; the file is incomplete")
    }
  }

  /// Runs `body`, one step of writing the file, if no earlier step failed and the file is not
  /// finished; an error it throws leaves the file failed.
  func perform(_ operation: String, _ body: () throws(EncodingError) -> Void) throws(EncodingError)
  {
    try checkWritable(operation)
    do throws(EncodingError) {
      try body()
    } catch {
      state = .failed
      throw error
    }
  }

  /// Hands every packet `codecContext` has ready to the muxer as stream `streamIndex`'s,
  /// interleaved by time with the other streams. A packet without a duration (libx264 gives
  /// none) lasts `defaultDuration` in the codec's time base. The corresponding C functions are
  /// `avcodec_receive_packet` and `av_interleaved_write_frame`. Returns how many it handed on.
  @discardableResult
  func writePackets(
    from codecContext: UnsafeMutablePointer<AVCodecContext>, streamIndex: Int32,
    using packet: UnsafeMutablePointer<AVPacket>, defaultDuration: Int64 = 0,
    _ operation: String
  ) throws(EncodingError) -> Int {
    guard let formatContext, let stream = formatContext.pointee.streams[Int(streamIndex)] else {
      throw outOfMemory(operation)
    }
    var count = 0
    while true {
      let status = avcodec_receive_packet(codecContext, packet)
      if status == LibraryCode.tryAgain || status == LibraryCode.endOfFile { return count }
      try check(status, "encoding frames")
      if packet.pointee.duration == 0 { packet.pointee.duration = defaultDuration }
      // The muxer may have chosen its own time base for the stream in `start`.
      av_packet_rescale_ts(packet, codecContext.pointee.time_base, stream.pointee.time_base)
      packet.pointee.stream_index = streamIndex
      // Takes the packet's data and leaves it blank for the next one.
      try check(av_interleaved_write_frame(formatContext, packet), operation)
      count += 1
    }
  }

  /// Writes the packets still held for interleaving and the trailer, and closes the file.
  /// The corresponding C functions are `av_write_trailer` and `avio_closep`.
  func finish() throws(EncodingError) {
    guard let formatContext else { throw outOfMemory("writing the trailer") }
    try check(av_write_trailer(formatContext), "writing the trailer")
    if let file = formatContext.pointee.pb { try check(file.pointee.error, "writing the file") }
    try check(avio_closep(&formatContext.pointee.pb), "closing the file")
    state = .finished
  }

  private func check(_ status: Int32, _ operation: String) throws(EncodingError) {
    try checkLibraryStatus(status, operation, path: path)
  }

  private func outOfMemory(_ operation: String) -> EncodingError {
    libraryError(LibraryCode.outOfMemory, operation, path: path)
  }
}
