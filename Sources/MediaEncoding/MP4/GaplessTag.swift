/// The iTunes gapless tag, `iTunSMPB`: the frames an AAC stream decodes to before its audio
/// (the encoder's priming) and after it (the last codec frame's padding), and its length.
///
/// The MP4 edit list says the same; players of the iTunes line read this tag instead, and
/// without it play the priming as silence each time a ringtone loops.
struct GaplessTag: Equatable, Sendable {
  /// The freeform item's `mean` and `name`.
  static let domain = "com.apple.iTunes"
  static let name = "iTunSMPB"

  /// Frames of the encoder's priming at the start (its `initial_padding`; 1024 for FFmpeg's
  /// AAC encoder).
  var primingFrameCount: Int
  /// Frames after the audio, to the end of the last codec frame.
  var paddingFrameCount: Int
  /// Frames of audio: what was given to the encoder.
  var frameCount: Int64

  init(primingFrameCount: Int, paddingFrameCount: Int, frameCount: Int64) {
    self.primingFrameCount = primingFrameCount
    self.paddingFrameCount = paddingFrameCount
    self.frameCount = frameCount
  }

  /// The tag of an encode: `primingFrameCount`, the `frameCount` given, and the
  /// `encodedFrameCount` its codec frames decode to (packets × frames per packet). `nil` when
  /// the counts do not add up (fewer frames encoded than priming and audio, or fields that
  /// would overflow).
  init?(primingFrameCount: Int, frameCount: Int64, encodedFrameCount: Int64) {
    let padding = encodedFrameCount - Int64(primingFrameCount) - frameCount
    guard primingFrameCount >= 0, frameCount >= 0, padding >= 0,
      primingFrameCount <= UInt32.max, padding <= UInt32.max
    else { return nil }
    self.init(
      primingFrameCount: primingFrameCount, paddingFrameCount: Int(padding),
      frameCount: frameCount)
  }

  /// The tag's text as iTunes writes it: twelve fields, each a space and upper-case hex
  /// digits: 0, the priming and the padding (8 digits each), the frame count (16 digits), then
  /// eight zeros (8 digits each). ` 00000000 00000400 000003BC 000000000000AC44 00000000 …`.
  var text: String {
    var fields = [
      Self.hex(0, digits: 8), Self.hex(UInt64(primingFrameCount), digits: 8),
      Self.hex(UInt64(paddingFrameCount), digits: 8), Self.hex(UInt64(frameCount), digits: 16),
    ]
    fields += repeatElement(Self.hex(0, digits: 8), count: 8)
    return fields.map { " " + $0 }.joined()
  }

  /// Reads the text back: twelve fields, each a space and hex digits, as `text` writes them.
  init?(text: String) {
    let fields = text.split(separator: " ", omittingEmptySubsequences: false)
    guard fields.count == 13, fields[0].isEmpty,
      let priming = Int(fields[2], radix: 16), let padding = Int(fields[3], radix: 16),
      let frames = Int64(fields[4], radix: 16)
    else { return nil }
    self.init(primingFrameCount: priming, paddingFrameCount: padding, frameCount: frames)
  }

  /// Writes the tag into the MP4 file at `path` (its `moov/udta/meta/ilst`), moving the audio
  /// after the index and its chunk offsets by the bytes added.
  func write(toMP4At path: String) throws(EncodingError) {
    try editMP4Index(at: path, "writing the gapless tag") { (moov) throws(MP4BoxError) in
      try moov.setFreeformItem(domain: Self.domain, name: Self.name, text: text)
    }
  }

  private static func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
