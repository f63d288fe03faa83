import AudioBasics
import CFFmpeg

/// One audio file open for decoding: the demuxer, the decoder of its best audio stream, and the
/// packet and frame they reuse, all freed in `deinit`.
final class AudioFileReader {
  let path: String
  private var formatContext: UnsafeMutablePointer<AVFormatContext>?
  private var codecContext: UnsafeMutablePointer<AVCodecContext>?
  private var frame: UnsafeMutablePointer<AVFrame>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  private var streamIndex: Int32 = 0
  private var values: [Float] = []
  /// Whether decoded values are kept; without them only frames are counted, so a long file
  /// is checked in constant memory.
  private let keepsValues: Bool
  /// The most frames kept in memory: a file that decodes to more is refused, whatever its
  /// header claims, so a small crafted file cannot take gigabytes.
  private let maxKeptFrames: Int
  /// Frames decoded and not skipped, counted whether or not `values` keeps them.
  private var decodedFrameTally = 0
  /// The frames `decodeAll` kept: the decoded ones less the padding the file declares.
  private(set) var keptFrameCount = 0
  /// Frames still to skip at the start, as the decoder's skip side data asks.
  private var pendingLeadingSkip = 0
  private var skippedLeadingFrameCount = 0
  /// Frames the skip side data asks to drop at the end (used when no length is declared).
  private var paddingFrameCount = 0

  /// Opens `path` and the decoder of its audio stream. The corresponding C functions are
  /// `avformat_open_input`, `avformat_find_stream_info` and `avcodec_open2`.
  init(path: String, keepsValues: Bool = true, maxKeptFrames: Int = .max) throws(EncodingError) {
    self.path = path
    self.keepsValues = keepsValues
    self.maxKeptFrames = maxKeptFrames
    try FFmpegLibraries.open(for: path, access: .read)
    try check(avformat_open_input(&formatContext, path, nil, nil), "opening the file")
    guard let formatContext else { throw outOfMemory("opening the file") }
    try check(avformat_find_stream_info(formatContext, nil), "reading the stream information")
    var codec: UnsafePointer<AVCodec>?
    streamIndex = try checkLibraryStatus(
      av_find_best_stream(formatContext, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0),
      "finding the audio stream", path: path, access: .read)
    guard let codec, let stream = formatContext.pointee.streams[Int(streamIndex)] else {
      throw outOfMemory("finding the audio stream")
    }
    let operation = "opening the decoder"
    guard let codecContext = avcodec_alloc_context3(codec) else { throw outOfMemory(operation) }
    self.codecContext = codecContext
    try check(avcodec_parameters_to_context(codecContext, stream.pointee.codecpar), operation)
    DeterministicSettings.apply(to: codecContext)
    // Priming and padding are trimmed here (see `decodeAll`), not by libavcodec.
    codecContext.pointee.flags2 |= LibraryCode.skipManuallyFlag
    try check(avcodec_open2(codecContext, codec, nil), operation)
    guard let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
      throw outOfMemory(operation)
    }
    self.frame = frame
    self.packet = packet
  }

  deinit {
    avcodec_free_context(&codecContext)
    av_frame_free(&frame)
    av_packet_free(&packet)
    avformat_close_input(&formatContext)
  }

  /// Reads and decodes every packet of the audio stream, skips the priming the decoder reports,
  /// and cuts the values to the length the container declares.
  ///
  /// The end is cut by the declared length rather than libavcodec's own trimming, which in
  /// FFmpeg 5.1 drops 128 frames too many from an Ogg Vorbis stream whose audio fits on one
  /// page (libvorbisfile decodes those files to their full length). The corresponding C
  /// functions are `av_read_frame`, `avcodec_send_packet` and `avcodec_receive_frame`.
  func decodeAll() throws(EncodingError) -> DecodedAudio {
    guard let formatContext, let codecContext, let packet else {
      throw outOfMemory("decoding")
    }
    while true {
      let status = av_read_frame(formatContext, packet)
      if status == LibraryCode.endOfFile { break }
      try check(status, "reading a packet")
      defer { av_packet_unref(packet) }
      guard packet.pointee.stream_index == streamIndex else { continue }
      try check(avcodec_send_packet(codecContext, packet), "decoding")
      try receiveFrames()
    }
    try check(avcodec_send_packet(codecContext, nil), "decoding")
    try receiveFrames()

    let channelCount = Int(codecContext.pointee.ch_layout.nb_channels)
    let sampleRate = Int(codecContext.pointee.sample_rate)
    let decodedFrameCount = decodedFrameTally
    let keptFrameCount = min(
      decodedFrameCount,
      declaredFrameCount(sampleRate: sampleRate)
        ?? max(0, decodedFrameCount - paddingFrameCount))
    if keepsValues { values.removeLast((decodedFrameCount - keptFrameCount) * channelCount) }
    self.keptFrameCount = keptFrameCount
    return DecodedAudio(
      sampleRate: sampleRate, channelCount: channelCount, values: values,
      tags: tags(formatContext),
      formatName: String(cString: formatContext.pointee.iformat.pointee.name),
      codecName: String(cString: avcodec_get_name(codecContext.pointee.codec_id)),
      skippedLeadingFrameCount: skippedLeadingFrameCount,
      droppedTrailingFrameCount: decodedFrameCount - keptFrameCount)
  }

  /// Appends every frame the decoder has ready to `values`, interleaved.
  private func receiveFrames() throws(EncodingError) {
    guard let codecContext, let frame else { throw outOfMemory("decoding") }
    while true {
      let status = avcodec_receive_frame(codecContext, frame)
      if status == LibraryCode.tryAgain || status == LibraryCode.endOfFile { return }
      try check(status, "decoding")
      defer { av_frame_unref(frame) }
      readSkipSideData(frame)
      let count = Int(frame.pointee.nb_samples)
      // A frame the demuxer marks as before the start (an MP4 edit list) counts towards the
      // skip, as libavcodec counts it when it trims.
      if frame.pointee.flags & AV_FRAME_FLAG_DISCARD != 0 {
        pendingLeadingSkip = max(0, pendingLeadingSkip - count)
        skippedLeadingFrameCount += count
        continue
      }
      let skip = min(pendingLeadingSkip, count)
      pendingLeadingSkip -= skip
      skippedLeadingFrameCount += skip
      try append(frame, from: skip)
    }
  }

  /// Appends a decoded frame's samples as interleaved floats: float and 16-bit formats,
  /// planar or packed (what the AAC, Vorbis, MP3 and FLAC decoders give).
  private func append(
    _ frame: UnsafeMutablePointer<AVFrame>, from first: Int
  ) throws(EncodingError) {
    let channels = Int(frame.pointee.ch_layout.nb_channels)
    let count = Int(frame.pointee.nb_samples) - first
    decodedFrameTally += count
    guard keepsValues else { return }
    guard decodedFrameTally <= maxKeptFrames else {
      throw EncodingError(
        operation: "decoding", path: path,
        reason: "it decodes to more than \(maxKeptFrames) frames, the most read into memory",
        access: .read)
    }
    let format = AVSampleFormat(rawValue: frame.pointee.format)
    let planar = av_sample_fmt_is_planar(format) != 0
    let start = values.count
    values.appendZeros(count * channels)
    for channel in 0..<channels {
      guard let plane = frame.pointee.extended_data[planar ? channel : 0] else { continue }
      let step = planar ? 1 : channels
      let offset = planar ? first : first * channels + channel
      for index in 0..<count {
        let source = offset + index * step
        let value: Float
        switch format {
        case AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_FLTP:
          value = UnsafeRawPointer(plane).load(
            fromByteOffset: source * MemoryLayout<Float>.size, as: Float.self)
        case AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P:
          value =
            Float(
              UnsafeRawPointer(plane).load(
                fromByteOffset: source * MemoryLayout<Int16>.size, as: Int16.self)) / 32_768
        default:
          let name = av_get_sample_fmt_name(format).map { String(cString: $0) } ?? "unknown"
          throw EncodingError(
            operation: "decoding", path: path,
            reason: "the decoder gives \(name) samples, which this reader does not convert",
            access: .read)
        }
        values[start + index * channels + channel] = value
      }
    }
  }

  /// Adds what a frame's `AV_FRAME_DATA_SKIP_SAMPLES` asks (two little-endian 32-bit counts:
  /// frames to skip at the start, frames of padding at the end) to what is still to skip.
  private func readSkipSideData(_ frame: UnsafeMutablePointer<AVFrame>) {
    guard let side = av_frame_get_side_data(frame, AV_FRAME_DATA_SKIP_SAMPLES),
      side.pointee.size >= 8, let data = side.pointee.data
    else { return }
    let raw = UnsafeRawPointer(data)
    pendingLeadingSkip += Int(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
    paddingFrameCount += Int(
      UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
  }

  /// The stream's length as the container declares it (an MP4 edit list, an Ogg last
  /// granule), in frames; `nil` when it declares none.
  private func declaredFrameCount(sampleRate: Int) -> Int? {
    guard let formatContext, sampleRate > 0,
      let stream = formatContext.pointee.streams[Int(streamIndex)],
      stream.pointee.duration != LibraryCode.noTimestamp, stream.pointee.duration >= 0
    else { return nil }
    return Int(
      av_rescale_q(
        stream.pointee.duration, stream.pointee.time_base,
        AVRational(num: 1, den: Int32(sampleRate))))
  }

  /// The container's metadata, then the stream's where the container has no such key.
  private func tags(_ formatContext: UnsafeMutablePointer<AVFormatContext>) -> [String: String] {
    var tags: [String: String] = [:]
    let streamMetadata = formatContext.pointee.streams[Int(streamIndex)]?.pointee.metadata
    for dictionary in [formatContext.pointee.metadata, streamMetadata] {
      var entry: UnsafeMutablePointer<AVDictionaryEntry>?
      while true {
        entry = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX)
        guard let entry, let key = entry.pointee.key, let value = entry.pointee.value else {
          break
        }
        let name = String(cString: key)
        if tags[name] == nil { tags[name] = String(cString: value) }
      }
    }
    return tags
  }

  private func check(_ status: Int32, _ operation: String) throws(EncodingError) {
    try checkLibraryStatus(status, operation, path: path, access: .read)
  }

  private func outOfMemory(_ operation: String) -> EncodingError {
    libraryError(LibraryCode.outOfMemory, operation, path: path, access: .read)
  }
}
