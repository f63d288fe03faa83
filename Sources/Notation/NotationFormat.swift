import Platform

/// The notations read besides score text and MIDI.
public enum NotationFormat: String, Sendable, CaseIterable {
  /// MusicXML text: `.musicxml` or `.xml`, partwise or timewise.
  case musicXML = "MusicXML"
  /// Compressed MusicXML: a zip archive (`.mxl`) whose `META-INF/container.xml` names the score.
  case compressedMusicXML = "compressed MusicXML"
  /// ABC 2.1 text (`.abc`): one or more tunes, each from its `X:` line.
  case abc = "ABC"

  /// The format a file's name says (`.musicxml`, `.xml`, `.mxl`, `.abc`, any case), or, for a
  /// name that says none (standard input), what its first bytes are: a zip archive, an XML
  /// document whose root is a MusicXML score, or an ABC `X:` line; `nil` for anything else.
  public init?(path: String, bytes: [UInt8]) {
    switch Path.fileExtension(path).lowercased() {
    case "musicxml", "xml": self = .musicXML
    case "mxl": self = .compressedMusicXML
    case "abc": self = .abc
    case "xylo", "mid", "midi", "txt", "score": return nil
    default:
      if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
        self = .compressedMusicXML
      } else if Self.looksLikeMusicXML(bytes) {
        self = .musicXML
      } else if bytes.starts(with: Array("X:".utf8)) || bytes.starts(with: Array("%abc".utf8)) {
        self = .abc
      } else {
        return nil
      }
    }
  }

  /// Whether the first kilobyte names a MusicXML root element.
  private static func looksLikeMusicXML(_ bytes: [UInt8]) -> Bool {
    let head = String(decoding: bytes.prefix(1_024), as: UTF8.self)
    return head.contains("<score-partwise") || head.contains("<score-timewise")
  }
}
