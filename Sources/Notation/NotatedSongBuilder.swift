import MIDIFile
import ScoreParser

/// A note as both readers find it: at an exact position in quarter notes from the start (after
/// repeats are unrolled and ties joined), with its sounding pitch.
package struct QuarterNote: Sendable, Equatable {
  package var position: Rational
  /// The part (1-based) and the voice within it (1 to 16).
  package var part: Int
  package var voice: Int
  /// The MIDI note number, 0 to 127.
  package var note: Int
  /// 1 to 127.
  package var velocity: Int
  /// Written with a flat (`Bb4`, not `A#4`).
  package var flat: Bool

  package init(
    position: Rational, part: Int, voice: Int, note: Int, velocity: Int, flat: Bool = false
  ) {
    self.position = position
    self.part = part
    self.voice = voice
    self.note = note
    self.velocity = velocity
    self.flat = flat
  }
}

/// What a reader collects, in quarter notes, made into a `MIDISong` on a tick grid fine enough
/// for every position: the least common multiple of their denominators, so no note moves.
package struct NotatedSongBuilder: Sendable {
  package var title: String?
  /// The parts' names, in order; a note's `part` indexes them from 1.
  package var parts: [String] = []
  package var notes: [QuarterNote] = []
  /// Tempo changes: quarter notes a minute from a position on.
  /// `beat` is the note the source counts in (a whole note's fraction), where it says.
  package var tempos: [(position: Rational, beatsPerMinute: Rational, beat: Rational?)] = []
  /// Time signatures: `numerator` notes of 1/`denominator` a bar from a position on.
  package var meters: [(position: Rational, numerator: Int, denominator: Int)] = []
  /// Where the song ends: the end of its last bar.
  package var end: Rational = .zero

  package init() {}

  /// The finest grid a song may need: 2^20 ticks a quarter (a 7:6 tuplet of a 1/128 grace
  /// note fits many times over); finer grids are refused rather than rounded.
  static let maximumTicksPerQuarter: Int64 = 1 << 20

  /// The song, held to `limits`; `path` names the file in errors.
  package func build(path: String, limits: MIDILimits) throws(NotationError) -> MIDISong {
    var ticksPerQuarter: Int64 = 1
    let positions =
      notes.map(\.position) + tempos.map(\.position) + meters.map(\.position) + [end]
    for position in positions {
      let denominator = position.denominator
      guard let lcm = Rational.leastCommonMultiple(ticksPerQuarter, denominator),
        lcm <= Self.maximumTicksPerQuarter
      else {
        throw NotationError(
          path: path,
          message:
            "the song's durations need a grid finer than \(Self.maximumTicksPerQuarter) ticks a quarter note"
        )
      }
      ticksPerQuarter = lcm
    }
    func tick(_ position: Rational) throws(NotationError) -> Int64 {
      let (product, overflow) = position.numerator.multipliedReportingOverflow(
        by: ticksPerQuarter / position.denominator)
      guard !overflow, product >= 0 else {
        throw NotationError(
          path: path, message: "the song's times overflow exact 64-bit arithmetic")
      }
      return product
    }
    var tempoChanges: [MIDITempoChange] = []
    for tempo in tempos {
      guard
        var change = MIDITempoChange(
          tick: try tick(tempo.position), beatsPerMinute: tempo.beatsPerMinute)
      else {
        throw NotationError(
          path: path, message: "a tempo of \(tempo.beatsPerMinute) cannot be timed exactly")
      }
      change.beatUnit = tempo.beat
      tempoChanges.append(change)
    }
    var placed: [NotatedNote] = []
    placed.reserveCapacity(notes.count)
    for note in notes {
      placed.append(
        NotatedNote(
          tick: try tick(note.position), part: note.part, voice: note.voice, note: note.note,
          velocity: note.velocity, flat: note.flat))
    }
    var signatures: [MIDITimeSignature] = []
    for meter in meters {
      signatures.append(
        MIDITimeSignature(
          notatedAt: try tick(meter.position), numerator: meter.numerator,
          denominator: meter.denominator))
    }
    let endTick = try tick(end)
    do throws(MIDIError) {
      return try MIDISong(
        notatedWith: Int(ticksPerQuarter), parts: parts, notes: placed,
        tempoChanges: tempoChanges, timeSignatures: signatures, endTick: endTick,
        title: title, limits: limits)
    } catch {
      throw NotationError(path: path, message: error.message)
    }
  }
}
