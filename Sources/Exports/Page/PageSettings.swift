import MediaEncoding
import Platform
import Rendering
import Settings

/// How `xylo-render page` makes its page: the title over the keys, their labels, and the bit
/// rate of the song's audio. Every value has a default, so `PageSettings()` makes the page the
/// command makes without options.
public struct PageSettings: Sendable, Equatable {
  /// The title over the keys, in place of the score's own; `nil` keeps the score's (else the
  /// file's name).
  public var title: String?
  public var showsLabels = true
  /// Bits per second of the song's AAC, all channels together: 128 kb/s keeps the page of a
  /// 30-second song with the built-in bank under 1 MB.
  public var audioBitRate = 128_000

  public init() {}

  /// Whether `path` can hold a page: an HTML file (`.html`, `.htm`), or `-`.
  public static func checkOutput(_ path: String) throws(OptionError) {
    guard path == "-" || ["html", "htm"].contains(Path.fileExtension(path).lowercased()) else {
      throw OptionError(
        "a page is an HTML file: name it .html, not '\(displayText(path, limit: displayedPathLength))'"
      )
    }
  }
}

/// What a written page holds: the song's render, and the bytes each part of the page takes.
public struct PageSummary: Sendable {
  /// The song as rendered and embedded (AAC in MP4).
  public var audio: RenderSummary
  /// The page's size in bytes.
  public var byteCount: Int
  /// The song's AAC file, before Base64.
  public var songByteCount: Int
  /// The keys' samples (16-bit FLAC), before Base64.
  public var sampleByteCount: Int
  /// The keys drawn, and how many of them play a sample.
  public var keyCount: Int
  public var playableKeyCount: Int
}
