/// How a song file is read: which parts of a MIDI or notation file, on which keys, what to do
/// with the rest, and (for score text too) how fast it plays.
public struct MIDIChoices: Equatable, Sendable {
  /// Keep channel 10 (drums), which is left out by default.
  public var keepDrums: Bool
  public var outOfRange: OutOfRange
  /// The tracks (1-based, in file order) to play; `nil` plays all.
  public var tracks: Set<Int>?
  /// The channels (1 to 16) to play; `nil` plays all.
  public var channels: Set<Int>?
  /// Semitones added to every note before it is matched to a key.
  public var transpose: Int
  /// The parts (MusicXML) or tracks (MIDI, ABC voices) to play, each by its name or its
  /// number (1-based); empty plays all. Added to `tracks`.
  public var parts: [String] = []
  /// The tune of an ABC file to read, by the number of its `X:` line; `nil` reads the first.
  public var tune: Int?
  /// Whether each part moves by octaves as a piece onto the bank (the default) or every note
  /// on its own.
  public var octaves: Octaves = .part
  /// Which of the selected parts play; `nil` plays all (`forRingtone()` asks for the melody).
  public var selection: Selection?
  /// How fast the song plays (`--tempo`, `--speed`), any song, score text included; `nil`
  /// plays it as written.
  public var tempo: TempoChoice?

  /// How notes outside the bank's range are moved into it.
  public enum Octaves: String, CaseIterable, Sendable {
    /// Each part by the whole octaves that fit the most of its notes, then note by note.
    case part
    /// Every note on its own (`outOfRange`).
    case note
  }

  /// Which parts play.
  public enum Selection: String, CaseIterable, Sendable {
    /// Every selected part.
    case all
    /// The tune: a part named melody, lead, vocal or voice, else the highest note at each onset.
    case melody
  }

  /// What happens to a note the bank has no key for.
  public enum OutOfRange: String, CaseIterable, Sendable {
    /// Moved by whole octaves to the nearest octave the bank has.
    case fold
    /// Left out, and counted.
    case skip
    /// The file is refused, naming the first such note.
    case error
  }

  public init(
    keepDrums: Bool = false, outOfRange: OutOfRange = .fold, tracks: Set<Int>? = nil,
    channels: Set<Int>? = nil, transpose: Int = 0, parts: [String] = [], tune: Int? = nil
  ) {
    self.parts = parts
    self.tune = tune
    self.keepDrums = keepDrums
    self.outOfRange = outOfRange
    self.tracks = tracks
    self.channels = channels
    self.transpose = transpose
  }

  /// The choices a ringtone reads a song with: the melody of a song of several parts, unless
  /// the caller chose parts (tracks, channels, parts or `selection`) itself. A one-part song
  /// keeps its chords.
  public func forRingtone() -> MIDIChoices {
    var choices = self
    if choices.selection == nil, tracks == nil, channels == nil, parts.isEmpty {
      choices.ringtoneMelody = true
    }
    return choices
  }

  /// Set by `forRingtone()`: the melody when more than one part has notes.
  package var ringtoneMelody = false
}
