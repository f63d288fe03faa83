import AudioBasics
import CSndFile

/// The containers xylo-render writes, named by their usual file extension.
public enum Container: String, CaseIterable, Sendable {
  case wav
  case flac
  case aiff
  case caf
  case w64
  case rf64
  case ogg
  case opus
  case mp3

  /// The container for a file name's extension (`song.FLAC` → `.flac`), if it is one we write.
  public init?(fileExtension: String) {
    let lowered = fileExtension.lowercased()
    switch lowered {
    case "aif": self = .aiff
    case "oga": self = .ogg
    default: self.init(rawValue: lowered)
    }
  }

  /// Whether the container stores samples exactly; lossy ones take no `--encoding`.
  public var isLossless: Bool { self != .ogg && self != .opus && self != .mp3 }

  /// The encodings the container can hold, for messages.
  public var encodings: [SampleEncoding] {
    switch self {
    case .flac: [.pcm16, .pcm24]
    case .ogg, .opus, .mp3: []
    default: SampleEncoding.allCases
    }
  }
}

/// How a lossless container stores each sample value.
public enum SampleEncoding: String, CaseIterable, Sendable {
  case pcm16
  case pcm24
  case pcm32
  case float

  /// The integer width the encoding stores; `nil` for floats.
  public var integerWidth: IntegerWidth? {
    switch self {
    case .pcm16: .bits16
    case .pcm24: .bits24
    case .pcm32: .bits32
    case .float: nil
    }
  }
}

/// A container with its encoding, checked to be a combination libsndfile can write.
public struct OutputFormat: Equatable, Sendable {
  public var container: Container
  /// `nil` for lossy containers, which encode floats themselves.
  public var encoding: SampleEncoding?

  /// 16-bit WAV, the format of a render that names none.
  public static let defaultLossless = OutputFormat(container: .wav, encoding: .pcm16)
  /// 32-bit float WAV, for differences and other values past ±1.
  public static let floatWAV = OutputFormat(container: .wav, encoding: .float)

  /// The format, or a reason when the container cannot hold the encoding.
  public static func make(container: Container, encoding: SampleEncoding?) -> Result<
    OutputFormat, FormatMismatch
  > {
    if !container.isLossless {
      if let encoding {
        return .failure(
          FormatMismatch(
            message:
              "\(container.rawValue) is a lossy format and takes no --encoding (got \(encoding.rawValue))"
          ))
      }
      return .success(OutputFormat(container: container, encoding: nil))
    }
    let chosen = encoding ?? .pcm16
    guard container.encodings.contains(chosen) else {
      let allowed = container.encodings.map(\.rawValue).joined(separator: ", ")
      return .failure(
        FormatMismatch(
          message: "\(container.rawValue) cannot hold \(chosen.rawValue) samples; use \(allowed)"))
    }
    return .success(OutputFormat(container: container, encoding: chosen))
  }

  /// The same format able to hold `dataBytes` of samples: a WAV past 4 GiB becomes RF64 (the
  /// same data with 64-bit sizes), since a WAV's 32-bit sizes would overflow.
  public func holding(dataBytes: Int64) -> OutputFormat {
    guard container == .wav, dataBytes > 0xFFFF_0000 else { return self }
    return OutputFormat(container: .rf64, encoding: encoding)
  }

  /// Whether the file holds its values as they are (not FLAC's or a lossy codec's packets), so
  /// its length follows from the frame count.
  public var storesValuesUncompressed: Bool { container.isLossless && container != .flac }

  /// Whether the header libsndfile writes depends only on the frame count, not on the values:
  /// not FLAC's (a checksum) nor RF64 float's (libsndfile adds a PEAK chunk there even when
  /// asked not to).
  package var headerFollowsFromLength: Bool {
    storesValuesUncompressed && !(container == .rf64 && encoding == .float)
  }

  /// Bytes per sample value of a lossless encoding (4 for lossy, an upper bound).
  public var bytesPerValue: Int {
    switch encoding {
    case .pcm16: 2
    case .pcm24: 3
    case .pcm32, .float, nil: 4
    }
  }

  /// Bytes a frame of `channels` values takes (`bytesPerValue` each): the one product every
  /// size, write and reservation of an uncompressed file is counted in.
  public func bytesPerFrame(channels: Int) -> Int { channels * bytesPerValue }

  private init(container: Container, encoding: SampleEncoding?) {
    self.container = container
    self.encoding = encoding
  }

  /// libsndfile's format code: major format or'ed with subtype.
  var code: Int32 {
    switch container {
    case .ogg: return FormatCode.ogg | FormatCode.vorbis
    case .opus: return FormatCode.ogg | FormatCode.opus
    case .mp3: return FormatCode.mpeg | FormatCode.mp3
    default: break
    }
    let major: Int32 =
      switch container {
      case .flac: FormatCode.flac
      case .aiff: FormatCode.aiff
      case .caf: FormatCode.caf
      case .w64: FormatCode.w64
      case .rf64: FormatCode.rf64
      default: FormatCode.wav
      }
    let subtype: Int32 =
      switch encoding ?? .pcm16 {
      case .pcm16: FormatCode.pcm16
      case .pcm24: FormatCode.pcm24
      case .pcm32: FormatCode.pcm32
      case .float: FormatCode.float
      }
    return major | subtype
  }
}

/// A container and encoding that do not go together.
public struct FormatMismatch: Error, Equatable, Sendable {
  public var message: String

  public init(message: String) {
    self.message = message
  }
}

extension OutputFormat {
  /// FLAC's highest rate (its streams store rates up to this in 10 Hz steps); libsndfile's
  /// format check does not say so, its encoder fails only once writing starts.
  static let highestFLACRate = 655_350

  /// Why libsndfile cannot write this format at `sampleRate` with `channels`, or `nil` when it
  /// can: asked before any sample is decoded. The corresponding C function is
  /// `sf_format_check`.
  public func refusal(sampleRate: Int, channels: Int) -> String? {
    var info = SF_INFO()
    info.samplerate = Int32(clamping: sampleRate)
    info.channels = Int32(clamping: channels)
    info.format = code
    if container == .flac && sampleRate > Self.highestFLACRate {
      return "flac holds rates up to \(Self.highestFLACRate) Hz, not \(sampleRate)"
    }
    guard sf_format_check(&info) == 0 else { return nil }
    return
      "libsndfile cannot write \(container.rawValue) \(encoding?.rawValue ?? "") at \(sampleRate) Hz with \(channels) \(channels == 1 ? "channel" : "channels")"
      .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }
}
