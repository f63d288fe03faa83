import CFFmpeg
import Platform

/// A picture file decoded and scaled for drawing on: `width`×`height` pixels in Cairo's ARGB32
/// layout (premultiplied alpha, native-endian 32-bit words; a translucent picture is over black).
public struct DecodedPicture: Sendable, Equatable {
  public var width: Int
  public var height: Int
  /// `4 × width` bytes a row, rows top to bottom.
  public var pixels: [UInt8]
}

/// Reads PNG, JPEG and WebP pictures (a background's usual formats, most photos being JPEG)
/// with FFmpeg's decoders, judging the file before decoding it: a regular file, at most
/// `maximumFileBytes`, a known signature, at most `maximumPixels` by its header (and by the
/// decoder's `max_pixels`, should the header not say).
public enum PictureFileReader {
  /// The most pixels a picture may have: 50 megapixels (a phone's largest photos).
  public static let maximumPixels = 50_000_000
  /// The largest file read: a 50-megapixel PNG compresses to well under this.
  public static let maximumFileBytes = 128 << 20

  /// The formats read, by the signature their files start with.
  enum Kind: String, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case webP = "WebP"

    var codec: AVCodecID {
      switch self {
      case .png: AV_CODEC_ID_PNG
      case .jpeg: AV_CODEC_ID_MJPEG
      case .webP: AV_CODEC_ID_WEBP
      }
    }

    /// The format whose signature `bytes` start with.
    init?(signature bytes: [UInt8]) {
      if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
        self = .png
      } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
        self = .jpeg
      } else if bytes.count >= 12, bytes[0..<4].elementsEqual(Array("RIFF".utf8)),
        bytes[8..<12].elementsEqual(Array("WEBP".utf8))
      {
        self = .webP
      } else {
        return nil
      }
    }
  }

  /// The picture at `path` scaled to cover `width`×`height` and centred, the overflow cut off.
  /// The corresponding C functions are `avcodec_send_packet` and `sws_scale`.
  public static func read(
    _ path: String, covering width: Int, height: Int
  ) throws(EncodingError) -> DecodedPicture {
    let bytes = try fileBytes(path)
    guard let kind = Kind(signature: bytes) else {
      throw failure(path, "not a PNG, JPEG or WebP picture")
    }
    // An extended WebP's header flags an animation (bit 1 of the byte after "VP8X" and its
    // length): a background is one picture.
    if kind == .webP, bytes.count > 20, bytes[12..<16].elementsEqual(Array("VP8X".utf8)),
      bytes[20] & 0x02 != 0
    {
      throw failure(path, "an animated WebP is not a picture for a background; use a still")
    }
    // A PNG's sides are 32 bits each: their product can pass Int's range, so it is checked.
    if let size = pictureSize(of: bytes, kind: kind),
      case (let pixels, let overflow) = size.width.multipliedReportingOverflow(by: size.height),
      overflow || pixels > maximumPixels
    {
      throw failure(
        path,
        "the picture is \(size.width)x\(size.height) pixels, more than the \(maximumPixels / 1_000_000) megapixels a picture may have"
      )
    }
    try FFmpegLibraries.open(for: path, access: .read)
    let decoder = try PictureDecoder(kind: kind, path: path)
    let frame = try decoder.decode(bytes, kind: kind)
    return try scaled(frame, covering: width, height, path: path)
  }

  /// The file's bytes, refusing anything but a regular file of at most `maximumFileBytes`.
  private static func fileBytes(_ path: String) throws(EncodingError) -> [UInt8] {
    switch FileSystem.kind(of: path) {
    case .missing: throw failure(path, "no such file")
    case .directory, .other: throw failure(path, "not a regular file")
    case .file: break
    }
    do {
      return try FileSystem.readAll(path, limit: maximumFileBytes)
    } catch {
      throw failure(path, error.reason)
    }
  }

  /// Scales the decoded frame to cover the size (the smallest size at least as large, keeping
  /// the picture's shape), converts it to premultiplied ARGB32 and keeps the centre.
  private static func scaled(
    _ frame: UnsafeMutablePointer<AVFrame>, covering width: Int, _ height: Int, path: String
  ) throws(EncodingError) -> DecodedPicture {
    var (scaledWidth, scaledHeight) = coverSize(of: frame, covering: width, height)
    // A picture far thinner or flatter than the frame (1x1000 pixels) would scale to billions
    // of pixels: only the part of it the frame shows is scaled.
    if scaledWidth * scaledHeight > maximumCoverFactor * width * height {
      let (sourceWidth, sourceHeight) = (Int(frame.pointee.width), Int(frame.pointee.height))
      if scaledWidth == width {
        let shown = min(sourceHeight, (height * sourceWidth + width - 1) / width)
        frame.pointee.crop_top = (sourceHeight - shown) / 2
        frame.pointee.crop_bottom = sourceHeight - shown - (sourceHeight - shown) / 2
      } else {
        let shown = min(sourceWidth, (width * sourceHeight + height - 1) / height)
        frame.pointee.crop_left = (sourceWidth - shown) / 2
        frame.pointee.crop_right = sourceWidth - shown - (sourceWidth - shown) / 2
      }
      guard av_frame_apply_cropping(frame, Int32(AV_FRAME_CROP_UNALIGNED)) >= 0 else {
        throw failure(path, "the picture cannot be cut to the frame's shape")
      }
      (scaledWidth, scaledHeight) = coverSize(of: frame, covering: width, height)
    }
    let (sourceWidth, sourceHeight) = (Int(frame.pointee.width), Int(frame.pointee.height))
    let format = AVPixelFormat(rawValue: frame.pointee.format)
    let converter = try PictureConverter(
      from: (
        sourceWidth, sourceHeight,
        .decoded(format, fullRange: frame.pointee.color_range == AVCOL_RANGE_JPEG)
      ),
      to: (scaledWidth, scaledHeight, .cairoARGB32),
      sourceColourSpace: frame.pointee.colorspace == AVCOL_SPC_BT709
        ? SWS_CS_ITU709 : SWS_CS_ITU601,
      path: path, access: .read)
    var scaledPixels = [UInt8](repeating: 0, count: 4 * scaledWidth * scaledHeight)
    let converted = scaledPixels.withUnsafeMutableBufferPointer { destination in
      let data = frame.pointee.data
      let lines = frame.pointee.linesize
      return converter.convert(
        [data.0, data.1, data.2, data.3].map { $0.map { UnsafePointer($0) } },
        strides: [lines.0, lines.1, lines.2, lines.3],
        into: [destination.baseAddress], strides: [Int32(4 * scaledWidth)])
    }
    guard converted else { throw failure(path, "the picture cannot be converted") }
    // The centre, premultiplied: Cairo's colours are the picture over black.
    let (left, top) = ((scaledWidth - width) / 2, (scaledHeight - height) / 2)
    var pixels = [UInt8](repeating: 0, count: 4 * width * height)
    for row in 0..<height {
      let source = 4 * ((top + row) * scaledWidth + left)
      let destination = 4 * row * width
      for pixel in stride(from: 0, to: 4 * width, by: 4) {
        // ARGB32 in native-endian words: alpha is the highest byte.
        #if _endian(little)
          let alphaIndex = 3
        #else
          let alphaIndex = 0
        #endif
        let alpha = UInt32(scaledPixels[source + pixel + alphaIndex])
        for channel in 0..<4 {
          let value = UInt32(scaledPixels[source + pixel + channel])
          pixels[destination + pixel + channel] =
            channel == alphaIndex ? UInt8(alpha) : UInt8((value * alpha + 127) / 255)
        }
      }
    }
    return DecodedPicture(width: width, height: height, pixels: pixels)
  }

  /// How many times the frame's pixels a picture may scale to before only its shown part is
  /// scaled: a picture of the frame's shape scales to exactly the frame.
  static let maximumCoverFactor = 4

  /// The smallest size at least `width`×`height` of the frame's shape: the side that limits
  /// the cover keeps the size exactly; the other is rounded up.
  private static func coverSize(
    of frame: UnsafeMutablePointer<AVFrame>, covering width: Int, _ height: Int
  ) -> (width: Int, height: Int) {
    let (sourceWidth, sourceHeight) = (Int(frame.pointee.width), Int(frame.pointee.height))
    if width * sourceHeight >= height * sourceWidth {
      return (width, max(height, (width * sourceHeight + sourceWidth - 1) / sourceWidth))
    }
    return (max(width, (height * sourceWidth + sourceHeight - 1) / sourceHeight), height)
  }

  static func failure(_ path: String, _ reason: String) -> EncodingError {
    EncodingError(operation: "reading the picture", path: path, reason: reason, access: .read)
  }
}

/// One picture decoder (PNG, JPEG or WebP), bit-exact and on one thread, refusing pictures past
/// `PictureFileReader.maximumPixels` before it allocates them. Owns its context, frame and
/// packet and frees them in `deinit`.
private final class PictureDecoder {
  private var context: UnsafeMutablePointer<AVCodecContext>?
  private var frame: UnsafeMutablePointer<AVFrame>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  private let path: String

  /// The corresponding C functions are `avcodec_find_decoder` and `avcodec_open2`.
  init(kind: PictureFileReader.Kind, path: String) throws(EncodingError) {
    self.path = path
    let operation = "opening the \(kind.rawValue) decoder"
    guard let codec = avcodec_find_decoder(kind.codec) else {
      throw PictureFileReader.failure(path, "this FFmpeg has no \(kind.rawValue) decoder")
    }
    context = avcodec_alloc_context3(codec)
    frame = av_frame_alloc()
    packet = av_packet_alloc()
    guard let context, frame != nil, packet != nil else {
      throw libraryError(LibraryCode.outOfMemory, operation, path: path, access: .read)
    }
    DeterministicSettings.apply(to: context)
    context.pointee.max_pixels = Int64(PictureFileReader.maximumPixels)
    // A damaged or cut picture is refused rather than drawn with its gaps filled in.
    context.pointee.err_recognition =
      AV_EF_EXPLODE | AV_EF_CRCCHECK | AV_EF_BITSTREAM | AV_EF_BUFFER | AV_EF_CAREFUL
    try checkLibraryStatus(avcodec_open2(context, codec, nil), operation, path: path, access: .read)
  }

  deinit {
    avcodec_free_context(&context)
    av_frame_free(&frame)
    av_packet_free(&packet)
  }

  /// The file's one picture (the first of an animation). The corresponding C functions are
  /// `avcodec_send_packet` and `avcodec_receive_frame`.
  func decode(
    _ bytes: [UInt8], kind: PictureFileReader.Kind
  ) throws(EncodingError) -> UnsafeMutablePointer<AVFrame> {
    guard let context, let frame, let packet else {
      throw libraryError(LibraryCode.outOfMemory, "decoding the picture", path: path, access: .read)
    }
    try checkLibraryStatus(
      av_new_packet(packet, Int32(bytes.count)), "decoding the picture", path: path,
      access: .read)
    bytes.withUnsafeBufferPointer { source in
      guard let base = source.baseAddress else { return }
      packet.pointee.data.update(from: base, count: source.count)
    }
    var status = avcodec_send_packet(context, packet)
    if status >= 0 {
      _ = avcodec_send_packet(context, nil)
      status = avcodec_receive_frame(context, frame)
    }
    // A picture past `max_pixels` fails as a damaged one does: FFmpeg gives the same code.
    guard status >= 0 else {
      throw PictureFileReader.failure(
        path,
        "the \(kind.rawValue) picture cannot be decoded: it is damaged, cut short or larger than \(PictureFileReader.maximumPixels / 1_000_000) megapixels"
      )
    }
    return frame
  }
}
