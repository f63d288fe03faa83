/// Why a MIDI file cannot be read: where (a byte offset from the start of the file, or a
/// track) and what is wrong, in one line.
public struct MIDIError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The byte offset from the start of the file, where the problem is known to that precision.
  public var offset: Int?
  /// The track (1-based, in file order), where the problem is about a track.
  public var track: Int?
  public var message: String

  public init(offset: Int? = nil, track: Int? = nil, message: String) {
    self.offset = offset
    self.track = track
    self.message = message
  }

  /// `byte 1234 (track 2): a delta time longer than 4 bytes`, `track 3: …`, or the message.
  public var description: String {
    switch (offset, track) {
    case (let offset?, let track?): "byte \(offset) (track \(track)): \(message)"
    case (let offset?, nil): "byte \(offset): \(message)"
    case (nil, let track?): "track \(track): \(message)"
    case (nil, nil): message
    }
  }
}
