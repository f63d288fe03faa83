import ScoreParser

/// What a voice holds, in the order written, at written positions (quarter notes from the
/// voice's start, before repeats are unrolled).
enum ABCWrittenKind: Sendable {
  /// A struck note; `tied` joins it to the next note of its pitch in its channel; `flat`: it
  /// is spelled with a flat (`Bb4`, not `A#4`).
  case note(pitch: Int, velocity: Int, tied: Bool, flat: Bool)
  /// A grace note of the note or rest at this position (it sounds just before it).
  case grace(pitch: Int, velocity: Int, flat: Bool)
  case rest
  /// Quarter notes a minute from here on.
  case tempo(ABCTempo)
  /// The meter from here on (`nil`: free meter).
  case meter(ABCMeter?)
  case bar(ABCBar)
  case ending([Int])
}

/// A written event: what, where (quarter notes) and in which channel (1 for the voice, 2 ...
/// for its overlays `&`).
struct ABCWrittenEvent: Sendable {
  var kind: ABCWrittenKind
  var position: Rational
  var channel: Int = 1
}

/// How far an accidental written on a note carries to later notes of its bar (`%%propagate-
/// accidentals`): to notes of its letter at its octave (ABC 2.1's rule, the default), at
/// every octave, or to none.
enum ABCAccidentalScope: String, Sendable {
  case octave
  case pitch
  case not
}

/// One voice of a tune (`V:`): its name, what is in force in it, and what it has played.
struct ABCVoice: Sendable {
  /// The `V:` id (`1` for music before any `V:` line).
  var id: String
  /// Its `name=` or `nm=`; the part is named by it, else by the id.
  var name: String?
  var key: ABCKey
  /// The unit note length, in whole notes.
  var unit: Rational
  var meter: ABCMeter?
  /// Semitones added when played (`transpose=`, `octave=`).
  var transpose = 0
  var octave = 0
  var accidentalScope: ABCAccidentalScope
  var velocity = Dynamics.defaultVelocity

  /// The position the next note starts at, once `pendingLength` (the last note's length,
  /// kept open for a broken rhythm `>` that may follow) is added.
  var position: Rational = .zero
  var pendingLength: Rational = .zero
  /// The factor a broken rhythm left for the next note.
  var brokenFactor: Rational?
  var tuplet: (ratio: Rational, remaining: Int)?
  /// Grace notes waiting for their note: pitches and spellings.
  var graces: [(pitch: Int, flat: Bool)] = []
  /// Accidentals written in the bar so far, by `accidentalKey`.
  var barAccidentals: [Int: Int] = [:]
  /// The alterations of the last note or chord's tied notes, by letter and octave: a tie
  /// carries its accidental to the next note of that letter and octave.
  var tiedAlterations: [Int: Int] = [:]
  /// The notes of the last note or chord: their events' indices, tie keys and alterations.
  var lastStruck: [(event: Int, key: Int, alteration: Int)] = []
  /// Where the bar began, and where the voice's own music reached at the bar's first `&`.
  var barStart: Rational = .zero
  var overlayEnd: Rational?
  var channel = 1
  var events: [ABCWrittenEvent] = []

  init(id: String, key: ABCKey, unit: Rational, meter: ABCMeter?, scope: ABCAccidentalScope) {
    self.id = id
    self.key = key
    self.unit = unit
    self.meter = meter
    accidentalScope = scope
  }

  /// The MIDI note a written note sounds, the alteration of its letter that gave it, and
  /// whether it is spelled flat, applying and recording accidentals by ABC's rules.
  ///
  /// A note is flat when its alteration is (written, carried, tied or the key's). A voice
  /// transposed by other than whole octaves is spelled with sharps, as MusicXML's transposing
  /// parts are: its written accidentals belong to another key than the one it sounds in.
  mutating func pitch(of note: ABCNoteToken) throws(ABCProblem) -> (
    pitch: Int, alteration: Int, flat: Bool
  ) {
    let exact = note.letter + 7 * (note.octave + 64)
    let key = accidentalScope == .pitch ? note.letter : exact
    let alteration: Int
    if let written = note.accidental {
      alteration = written
      if accidentalScope != .not { barAccidentals[key] = written }
    } else if let tied = tiedAlterations[exact] {
      alteration = tied
    } else if let carried = barAccidentals[key] {
      alteration = carried
    } else {
      alteration = self.key.alterations[note.letter]
    }
    let pitch =
      60 + 12 * (note.octave + octave) + ABCKey.naturalSemitones[note.letter] + alteration
      + transpose
    guard (0...127).contains(pitch) else {
      throw ABCProblem(
        "this note is \(pitch < 0 ? "below" : "above") MIDI's range (C-1 to G9); move it by octaves (',' or ''')",
        offset: note.offset)
    }
    return (pitch, alteration, alteration < 0 && transpose % 12 == 0)
  }

  /// The key `tiedAlterations` files a note under.
  static func tieKey(_ note: ABCNoteToken) -> Int { note.letter + 7 * (note.octave + 64) }

  /// Adds the open length to the position: the last note is settled.
  mutating func settle() throws(ABCProblem) {
    guard pendingLength > .zero else { return }
    position = try sum(position, pendingLength)
    pendingLength = .zero
  }

  mutating func record(_ kind: ABCWrittenKind, at position: Rational? = nil) {
    events.append(
      ABCWrittenEvent(kind: kind, position: position ?? self.position, channel: channel))
  }
}

/// `a + b`, or a problem when it overflows.
func sum(_ a: Rational, _ b: Rational) throws(ABCProblem) -> Rational {
  guard let value = a.adding(b) else { throw timeOverflow() }
  return value
}

/// `a * b`, or a problem when it overflows.
func product(_ a: Rational, _ b: Rational) throws(ABCProblem) -> Rational {
  guard let value = a.multiplied(by: b) else { throw timeOverflow() }
  return value
}

func timeOverflow() -> ABCProblem {
  ABCProblem("times overflow exact arithmetic here; use simpler lengths and tuplets")
}
