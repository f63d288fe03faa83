import AudioBasics

/// Which of a song's notes become taps, and on which of the bank's keys.
public struct NoteMapping: Sendable {
  /// What to do with a note the bank has no key for.
  public enum OutOfRange: String, CaseIterable, Sendable {
    /// Move it by whole octaves to the nearest key of the same pitch class (ties to the lower).
    case fold
    /// Leave it out.
    case skip
    /// Refuse the song, naming the first such note.
    case error
  }

  /// The bank's titles and the MIDI note each plays; where several titles play one note, the
  /// one named after it (`C6`) wins, else the first given. Notes beyond ±1,000,000 are ignored.
  public var keys: [(title: String, note: Int)]
  /// Keep channel 10, General MIDI's drums, which are left out by default.
  public var keepDrums: Bool
  public var outOfRange: OutOfRange
  /// The tracks (1-based) to play; `nil` plays all.
  public var tracks: Set<Int>?
  /// The channels (1 to 16) to play; `nil` plays all.
  public var channels: Set<Int>?
  /// Semitones added to every note before it is looked up (-1000 to 1000).
  public var transpose: Int
  /// Whether each part moves by octaves as a piece before single notes are handled.
  public var octaves: OctavePlacement
  /// Which of the selected parts play: all, or the melody.
  public var selection: PartSelection

  /// How notes outside the bank are moved into it.
  public enum OctavePlacement: String, CaseIterable, Sendable {
    /// Each part (`MIDIPart`) moves by the whole octaves that fit the most of its notes onto
    /// the bank, as a musician moves a line; what still does not fit meets `outOfRange`.
    case part
    /// Every note stays where written and meets `outOfRange` on its own.
    case note
  }

  public init(
    keys: [(title: String, note: Int)], keepDrums: Bool = false, outOfRange: OutOfRange = .fold,
    tracks: Set<Int>? = nil, channels: Set<Int>? = nil, transpose: Int = 0,
    octaves: OctavePlacement = .part, selection: PartSelection = .all
  ) {
    self.keys = keys
    self.keepDrums = keepDrums
    self.outOfRange = outOfRange
    self.tracks = tracks
    self.channels = channels
    self.transpose = transpose
    self.octaves = octaves
    self.selection = selection
  }

  static let transposeRange = -1_000...1_000
}

/// Where a note lands in the bank: the key it plays, moved there by octaves, or nowhere.
enum KeyLookup: Equatable {
  case key(String)
  case folded(String)
  /// The bank has keys of this pitch class, but not at this octave (and folding is off).
  case outOfRange
  /// The bank has no key of this pitch class at any octave.
  case unplayable
}

/// The bank's keys by MIDI note, answering where each note lands.
struct KeyTable {
  /// The title each note plays.
  private var titles: [Int: String] = [:]
  /// The title named with a flat (`Bb4`) for a note the bank also names so: a note written
  /// flat plays it, the same bar under the name the music gives it.
  private var flatTitles: [Int: String] = [:]
  /// The notes the bank has, by pitch class (0 is C), sorted.
  private var notesByPitchClass: [[Int]] = Array(repeating: [], count: 12)
  private let folds: Bool
  /// The bank's lowest and highest notes; `nil` for a bank of no pitched key.
  private(set) var lowestNote: Int?
  private(set) var highestNote: Int?
  /// Keys beyond any note a transposed MIDI note can reach are ignored; this keeps note
  /// arithmetic far from overflow.
  static let noteRange = -1_000_000...1_000_000

  init(_ keys: [(title: String, note: Int)], folds: Bool) {
    self.folds = folds
    for (title, note) in keys where Self.noteRange.contains(note) {
      if let existing = titles[note],
        existing == NoteName.name(of: note) || title != NoteName.name(of: note)
      {
        continue
      }
      titles[note] = title
    }
    for (title, note) in keys where title == NoteName.name(of: note, flat: true) {
      flatTitles[note] = title
    }
    for note in titles.keys.sorted() { notesByPitchClass[pitchClass(note)].append(note) }
    lowestNote = titles.keys.min()
    highestNote = titles.keys.max()
  }

  /// Whether the bank has a key at exactly `note`.
  func hasKey(_ note: Int) -> Bool { titles[note] != nil }

  /// Where `note` lands; `flat` asks for the bank's flat name of it, where it has one.
  func lookUp(_ note: Int, flat: Bool = false) -> KeyLookup {
    if let title = title(of: note, flat: flat) { return .key(title) }
    let candidates = notesByPitchClass[pitchClass(note)]
    guard !candidates.isEmpty else { return .unplayable }
    guard folds else { return .outOfRange }
    // Candidates are sorted, so the first of two equally near notes is the lower.
    var nearest = candidates[0]
    for candidate in candidates.dropFirst()
    where (candidate - note).magnitude < (nearest - note).magnitude {
      nearest = candidate
    }
    return .folded(title(of: nearest, flat: flat) ?? "")
  }

  private func title(of note: Int, flat: Bool) -> String? {
    flat ? flatTitles[note] ?? titles[note] : titles[note]
  }

  private func pitchClass(_ note: Int) -> Int { ((note % 12) + 12) % 12 }
}
