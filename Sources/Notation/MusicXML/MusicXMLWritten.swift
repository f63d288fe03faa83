import ScoreParser

/// What a part's measure holds as written, before repeats are unrolled: its events at
/// positions in quarter notes from the measure's start.
struct WrittenMeasure: Sendable {
  var events: [WrittenEvent] = []
  /// Where its content ends: the furthest its time cursor went (notes, rests, forwards).
  var contentEnd: Rational = .zero
  /// The time signature set in it, if any.
  var meter: (numerator: Int, denominator: Int)?
  var marks = MeasureMarks()
}

/// A measure's event in one voice.
struct WrittenEvent: Sendable {
  var position: Rational
  /// The voice's channel in its part (1 to 16, never 10).
  var channel: Int
  var kind: WrittenEventKind
  /// A note written with a flat (`<alter>` below 0), named so (`Bb4`) where its pitch has two
  /// names.
  var flat = false
}

enum WrittenEventKind: Sendable {
  /// A note struck unless a tie joins it to the note before; `velocity` is its own (the
  /// note's `dynamics` attribute), else the part's level at that time.
  case note(pitch: Int, velocity: Int?, tieStart: Bool, tieStop: Bool)
  /// Grace note `step` (0 first; notes of a grace chord share it) of `count` before the note
  /// at this position.
  case grace(pitch: Int, velocity: Int?, step: Int, count: Int)
  /// A rest (or a silent cue note): only where the voice's previous onset is, for graces.
  case rest
  /// Quarter notes a minute from here on (every part).
  case tempo(Rational)
  /// The part's velocity from here on.
  case dynamics(Int)

  /// Events at one position sort tempo and dynamics first, then grace notes, then the rest.
  var rank: Int {
    switch self {
    case .tempo, .dynamics: 0
    case .grace: 1
    case .note, .rest: 2
    }
  }
}

/// What a measure says about the order measures are played in: repeats, endings and jumps
/// (MusicXML's `<sound>` attributes, not their printed words).
struct MeasureMarks: Sendable, Equatable {
  /// `<repeat direction="forward">`: a repeated section starts here.
  var forwardRepeat = false
  /// `<repeat direction="backward" times="N">`: the section is played `times` times in all.
  var backwardRepeatTimes: Int?
  /// `<ending number="1, 2" type="start">`: the passes this ending is played on.
  var endingNumbers: [Int]?
  /// `<ending type="stop|discontinue">`: an ending finishes with this measure.
  var endingStops = false
  /// `<sound segno="x">`, `<sound coda="x">`: targets of jumps, at the measure's start.
  var segnos: [String] = []
  var codas: [String] = []
  /// `<sound dacapo="yes">`, `dalsegno="x"`, `tocoda="x"`, `fine`: at the measure's end.
  var daCapo = false
  var dalSegno: [String] = []
  var toCoda: [String] = []
  var fine = false

  /// Both measures' marks, for the same measure written in several parts.
  mutating func merge(_ other: MeasureMarks) {
    forwardRepeat = forwardRepeat || other.forwardRepeat
    backwardRepeatTimes = backwardRepeatTimes ?? other.backwardRepeatTimes
    endingNumbers = endingNumbers ?? other.endingNumbers
    endingStops = endingStops || other.endingStops
    segnos += other.segnos.filter { !segnos.contains($0) }
    codas += other.codas.filter { !codas.contains($0) }
    daCapo = daCapo || other.daCapo
    dalSegno += other.dalSegno.filter { !dalSegno.contains($0) }
    toCoda += other.toCoda.filter { !toCoda.contains($0) }
    fine = fine || other.fine
  }
}

/// A part as read: its name and measures.
struct WrittenPart: Sendable {
  var id: String
  var name: String
  var measures: [WrittenMeasure] = []
}
