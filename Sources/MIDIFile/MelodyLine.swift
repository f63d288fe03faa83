/// Which of a song's selected parts become taps.
public enum PartSelection: String, CaseIterable, Sendable {
  /// Every selected part.
  case all
  /// The tune alone (`MelodyPick`): what a ringtone of a band arrangement should play.
  case melody
  /// The melody when more than one part has notes, else everything: a ringtone's default, so
  /// a one-part song keeps its chords.
  case melodyOfSeveralParts
}

/// How the melody was found, and which parts gave its notes.
public struct MelodyPick: Equatable, Sendable {
  public enum Rule: Equatable, Sendable {
    /// A part named as a tune's part is (melody, lead, vocal, voice, soprano).
    case named
    /// The highest note at each onset, across the parts.
    case highestLine
  }

  /// One part's share of the melody.
  public struct Share: Equatable, Sendable {
    public var part: MIDIPart
    public var name: String?
    public var noteCount: Int

    public init(part: MIDIPart, name: String?, noteCount: Int) {
      self.part = part
      self.name = name
      self.noteCount = noteCount
    }
  }

  public var rule: Rule
  /// The parts whose notes the melody holds, in part order.
  public var shares: [Share]
  /// The non-drum notes of the selected parts it was picked from.
  public var candidateCount: Int
}

/// The words a part's name carries when it is the tune: `Melody`, `Lead Vocal`, `Voice`,
/// `Soprano` (a hymn's tune), `Theme`.
private let melodyWords: Set<String> = [
  "melody", "melodie", "lead", "vocal", "vocals", "voice", "soprano", "tune", "theme",
]

/// Whether a part's name says it is the tune: one of its words is a melody word.
func namesMelody(_ name: String?) -> Bool {
  guard let name else { return false }
  var word = ""
  for character in name.lowercased() + " " {
    if character.isLetter {
      word.append(character)
    } else {
      if melodyWords.contains(word) { return true }
      word = ""
    }
  }
  return false
}

/// The melody among `candidates` (indices into `notes`, in time order; drums already left
/// out): the notes of the parts named as the tune, when some but not all parts are; then the
/// highest note at each onset of those parts, or of all of them. The first of equal notes at
/// one onset is kept.
func pickMelody(
  _ candidates: [Int], of notes: [MIDINote], part: (MIDINote) -> MIDIPart,
  name: (MIDIPart) -> String?
) -> (kept: [Int], pick: MelodyPick) {
  var parts: [MIDIPart] = []
  var seen: Set<MIDIPart> = []
  for index in candidates where seen.insert(part(notes[index])).inserted {
    parts.append(part(notes[index]))
  }
  let named = Set(parts.filter { namesMelody(name($0)) })
  let rule: MelodyPick.Rule = !named.isEmpty && named.count < parts.count ? .named : .highestLine
  var kept: [Int] = []
  var onset: (tick: Int64, keptAt: Int)?
  for index in candidates {
    let note = notes[index]
    if rule == .named, !named.contains(part(note)) { continue }
    if let current = onset, current.tick == note.tick {
      if note.note > notes[kept[current.keptAt]].note { kept[current.keptAt] = index }
      continue
    }
    onset = (note.tick, kept.count)
    kept.append(index)
  }
  var counts: [MIDIPart: Int] = [:]
  for index in kept { counts[part(notes[index]), default: 0] += 1 }
  let shares = parts.compactMap { part in
    counts[part].map { MelodyPick.Share(part: part, name: name(part), noteCount: $0) }
  }
  return (kept, MelodyPick(rule: rule, shares: shares, candidateCount: candidates.count))
}
