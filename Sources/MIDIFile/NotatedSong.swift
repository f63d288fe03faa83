import ScoreParser

/// A note as a notation reader (MusicXML, ABC) places it on the song's tick grid: the sounding
/// pitch, after repeats are unrolled and ties joined.
package struct NotatedNote: Sendable, Equatable {
  package var tick: Int64
  /// The part (1-based), played as a MIDI file's track.
  package var part: Int
  /// The voice within the part (1 to 16), as a MIDI channel; never 10 (drums).
  package var voice: Int
  /// The MIDI note number, 0 to 127.
  package var note: Int
  /// 1 to 127.
  package var velocity: Int
  /// Written with a flat (`Bb4`, not `A#4`).
  package var flat: Bool

  package init(tick: Int64, part: Int, voice: Int, note: Int, velocity: Int, flat: Bool = false) {
    self.tick = tick
    self.part = part
    self.voice = voice
    self.note = note
    self.velocity = velocity
    self.flat = flat
  }
}

extension MIDISong {
  /// A song read from notation, on a grid of `ticksPerQuarter` ticks (any positive number: a
  /// grid fine enough for every tuplet and grace note), so that everything a MIDI file goes
  /// through (selecting parts as tracks, folding into the bank, voices, conversion to a score)
  /// is the same path. Tempo changes are exact quarter notes a minute. Held to `limits` as a
  /// MIDI file is.
  package init(
    notatedWith ticksPerQuarter: Int, parts: [String], notes: [NotatedNote],
    tempoChanges: [MIDITempoChange], timeSignatures: [MIDITimeSignature], endTick: Int64,
    title: String?, limits: MIDILimits = MIDILimits()
  ) throws(MIDIError) {
    guard notes.count <= limits.maxNotes else {
      throw MIDIError(
        message: "the song holds more than \(limits.maxNotes) notes, the limit (see --max-taps)")
    }
    let tempo = mergedTempoChanges(tempoChanges)
    guard ticksPerQuarter > 0,
      let map = TempoMap(changes: tempo, ticksPerQuarter: ticksPerQuarter),
      let duration = map.seconds(atTick: max(0, endTick))
    else { throw MIDIError(message: "the song's times overflow exact 64-bit arithmetic") }
    guard duration <= limits.maxDuration else {
      throw MIDIError(
        message:
          "the song runs past \(limits.maxDuration.decimalString(places: 0)) seconds, the limit (see --max-duration)"
      )
    }
    let sorted = notes.enumerated().sorted {
      ($0.element.tick, $0.element.part, $0.offset) < ($1.element.tick, $1.element.part, $1.offset)
    }
    self.init(
      format: 1, ticksPerQuarter: ticksPerQuarter,
      tracks: parts.enumerated().map { MIDITrack(number: $0.offset + 1, name: $0.element) },
      notes: sorted.map { placed in
        let note = placed.element
        return MIDINote(
          tick: note.tick, track: note.part, channel: note.voice,
          note: UInt8(clamping: note.note), velocity: UInt8(clamping: max(1, note.velocity)),
          sequence: placed.offset, flat: note.flat)
      },
      tempoChanges: tempo,
      timeSignatures: timeSignatures.enumerated().sorted {
        ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset)
      }.map(\.element),
      endTick: max(0, endTick), title: title, warnings: [], tempoMap: map)
  }
}

extension MIDITimeSignature {
  /// A meter of `numerator` notes of 1/`denominator` a bar from `tick` on.
  package init(notatedAt tick: Int64, numerator: Int, denominator: Int) {
    self.tick = tick
    self.numerator = numerator
    self.denominator = denominator
  }
}
