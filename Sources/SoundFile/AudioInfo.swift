import AudioBasics
import CSndFile

/// What a sound file holds: its length, rate and channel count. Wraps `SF_INFO`.
public struct AudioInfo: Equatable, Sendable {
  public var frameCount: Int64
  /// Frames per second (Hz).
  public var sampleRate: Int
  public var channels: Int
  /// libsndfile's major format (container) and subtype (encoding) code, for messages.
  var format: Int32
  /// Set for audio decoded outside libsndfile from a lossy codec (AAC in MP4).
  private var decodedLossy = false

  init(_ info: SF_INFO) {
    frameCount = info.frames
    sampleRate = Int(info.samplerate)
    channels = Int(info.channels)
    format = info.format
  }

  /// What a file libsndfile cannot read holds, once another decoder has decoded it: AAC in MP4
  /// through FFmpeg, which is lossy.
  public init(decodedLossyFrames frameCount: Int64, sampleRate: Int, channels: Int) {
    self.frameCount = frameCount
    self.sampleRate = sampleRate
    self.channels = channels
    format = 0
    decodedLossy = true
  }

  /// Whether the encoding stores floating-point samples (which may hold values past ±1).
  public var isFloatingPoint: Bool {
    let subtype = format & FormatCode.subtypeMask
    return subtype == FormatCode.float || subtype == Int32(SF_FORMAT_DOUBLE)
  }

  /// Whether the header gave no usable length: libsndfile says 9223372036854775807 frames for
  /// an MP3 whose LAME padding outruns its frames, or a FLAC whose STREAMINFO says 0.
  public var lengthIsUnknown: Bool { frameCount >= Int64.max / 2 }

  /// The integer width of a 16-, 24- or 32-bit PCM encoding, `nil` for anything else: what
  /// one step of the file's resolution is.
  public var integerWidth: IntegerWidth? {
    switch format & FormatCode.subtypeMask {
    case FormatCode.pcm16: .bits16
    case FormatCode.pcm24: .bits24
    case FormatCode.pcm32: .bits32
    default: nil
    }
  }

  /// Whether samples are 16-bit integers, which read exactly as `Int16`.
  public var isSixteenBit: Bool { format & FormatCode.subtypeMask == FormatCode.pcm16 }

  /// Whether the encoding is lossy, so decoded frame counts may include codec padding.
  public var isLossy: Bool {
    let subtype = format & FormatCode.subtypeMask
    return decodedLossy || [FormatCode.vorbis, FormatCode.opus, FormatCode.mp3].contains(subtype)
      || subtype == Int32(SF_FORMAT_MPEG_LAYER_I) || subtype == Int32(SF_FORMAT_MPEG_LAYER_II)
  }
}
