import MediaEncoding
import Platform
import ScoreParser
import SoundFile

/// Files FFmpeg writes for phones: AAC in MP4 (`.m4a`, `.m4r`), or Ogg Vorbis carrying comments
/// libsndfile cannot write (`ANDROID_LOOP=true`).
public enum PhoneFormat: Equatable, Sendable {
  case aac(bitRate: Int)
  case oggVorbis(loops: Bool)
}

/// The kind of file a render writes: a container libsndfile writes, or AAC in MP4 written with
/// FFmpeg. One rule turns a file's name into it, for the command line and the library alike.
public enum OutputFile: Equatable, Sendable {
  case sound(Container)
  /// AAC in MP4 at `bitRate` bits a second.
  case aac(bitRate: Int)

  /// The AAC bit rate when none is asked for, in bits a second.
  public static let defaultAACBitRate = AACWriter.defaultBitRate
  /// The names of AAC in MP4: iTunes' `.m4a` and the iPhone's ringtone `.m4r`.
  public static let aacNames = ["m4a", "m4r"]
  /// The names `OutputFile(path:formatName:)` knows, for messages and help.
  public static let formatNames = Container.allCases.map(\.rawValue) + aacNames

  /// The files other commands make, by extension: what the file is and the command.
  static let otherCommands: [String: (what: String, name: String)] = [
    "mp4": ("a video", "video"), "m4v": ("a video", "video"), "mov": ("a video", "video"),
    "html": ("a web page", "page"), "htm": ("a web page", "page"),
  ]

  /// The file for `path`: `formatName` when given (`--format`), else the path's extension;
  /// standard output (`-`) is WAV. `bitRate` (bits a second) is for AAC only.
  public init(path: String, formatName: String? = nil, bitRate: Int? = nil) throws(OptionError) {
    let named = formatName ?? (path == "-" ? "wav" : Path.fileExtension(path))
    if Self.aacNames.contains(named.lowercased()) {
      self = .aac(bitRate: bitRate ?? Self.defaultAACBitRate)
      return
    }
    guard bitRate == nil else { throw OptionError("--bitrate is for .m4a and .m4r (AAC)") }
    let known = Self.formatNames.joined(separator: ", ")
    if let formatName {
      guard let chosen = Container(fileExtension: formatName) else {
        throw OptionError("unknown --format \(quote(formatName)); use one of \(known)")
      }
      self = .sound(chosen)
    } else if let chosen = Container(fileExtension: named) {
      self = .sound(chosen)
    } else if let command = Self.otherCommands[named.lowercased()] {
      throw OptionError(
        "\(quote(path, limit: displayedPathLength)) is \(command.what): make it with 'xylo-render \(command.name)'; this command writes sound (\(known))"
      )
    } else {
      throw OptionError(
        "cannot tell the format of \(quote(path, limit: displayedPathLength)) from its extension; name one with --format (\(known))"
      )
    }
  }

  /// Whether the file can hold `encoding` (`nil`: the default); says why not.
  public func check(encoding: SampleEncoding?) throws(OptionError) {
    switch self {
    case .aac:
      if encoding != nil {
        throw OptionError("AAC (.m4a, .m4r) is a lossy format and takes no --encoding")
      }
    case .sound(let container):
      if case .failure(let mismatch) = OutputFormat.make(container: container, encoding: encoding) {
        throw OptionError(mismatch.message)
      }
    }
  }
}

extension RenderSettings {
  /// Makes the settings write `file` with `encoding`: the libsndfile format, or AAC at a rate
  /// its encoder takes.
  public mutating func write(_ file: OutputFile, encoding: SampleEncoding?) throws(OptionError) {
    try file.check(encoding: encoding)
    switch file {
    case .sound(let container):
      if case .success(let format) = OutputFormat.make(container: container, encoding: encoding) {
        self.format = format
      }
      phoneFormat = nil
    case .aac(let bitRate):
      phoneFormat = .aac(bitRate: bitRate)
      rate = try encoderRate(for: rate)
    }
  }
}

/// The rate FFmpeg's encoders (AAC, Vorbis for phones, video) are given: `rate` when one is
/// asked for, which must be one they take (44.1 or 48 kHz), otherwise 48 kHz.
public func encoderRate(for rate: Int?) throws(OptionError) -> Int {
  guard let rate else { return 48_000 }
  guard EncoderInput.sampleRates.contains(rate) else {
    throw OptionError(
      "--rate \(rate) cannot be encoded: AAC, the phones' Ogg and video take 44100 or 48000 Hz")
  }
  return rate
}
