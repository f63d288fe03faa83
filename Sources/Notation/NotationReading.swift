import MIDIFile
import ScoreParser

/// What the caller chooses of a notation file.
public struct NotationChoices: Sendable, Equatable {
  /// The ABC tune to read, by the number of its `X:` line; `nil` reads the first.
  public var tune: Int?

  public init(tune: Int? = nil) {
    self.tune = tune
  }
}

/// A tune of an ABC file: its `X:` number and `T:` title.
public struct NotatedTune: Sendable, Equatable {
  public var number: Int
  public var title: String?

  public init(number: Int, title: String?) {
    self.number = number
    self.title = title
  }
}

/// A notation file read onto the MIDI path: its parts are the song's tracks, its voices the
/// tracks' channels, and every note sits at its exact time.
public struct NotatedImport: Sendable {
  public var song: MIDISong
  /// What reading passed over, each kind once: `2 <harmony> elements (chord symbols) are not
  /// played`.
  public var warnings: [String]
  /// An ABC file's tunes, for `info`; empty for MusicXML.
  public var tunes: [NotatedTune]

  public init(song: MIDISong, warnings: [String] = [], tunes: [NotatedTune] = []) {
    self.song = song
    self.warnings = warnings
    self.tunes = tunes
  }
}

/// Reads MusicXML, compressed MusicXML or ABC bytes as a song, held to `limits` (the same as a
/// MIDI file's: notes and seconds); `path` names the file in errors.
public func readNotation(
  _ bytes: [UInt8], format: NotationFormat, path: String,
  choices: NotationChoices = NotationChoices(), limits: MIDILimits = MIDILimits()
) throws(NotationError) -> NotatedImport {
  switch format {
  case .abc:
    return try readABC(bytes, path: path, tune: choices.tune, limits: limits)
  case .musicXML:
    return try readMusicXML(bytes, path: path, limits: limits)
  case .compressedMusicXML:
    return try readCompressedMusicXML(bytes, path: path, limits: limits)
  }
}
