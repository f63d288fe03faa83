import AudioBasics
import ScoreParser

/// A score written as MusicXML: the text, and the taps it could not hold.
public struct MusicXMLExport: Sendable {
  /// MusicXML 4.0, partwise, UTF-8.
  public var text: String
  /// Taps on keys that name no pitch (`kick` in a folder bank), left out.
  public var skippedTaps: Int
  /// Taps struck again at the same time on the same key and part, written once.
  public var mergedTaps: Int
}

/// Writes a score as MusicXML for notation programs (MuseScore and others): one part per voice
/// (`voice` lines; one part without them), its taps as notes at their exact beats, each lasting
/// until the part's next tap or the song's end and tied across bar lines, chords for taps
/// together, the score's meters as bars (4/4 until one says otherwise), its tempos as metronome
/// marks with `sound tempo`, each tap's gain as the note's `dynamics` (percent of forte, 90:
/// gain × 127 / 90 × 100). Sounding pitch, no transposition. `noteOf` gives a key's MIDI note;
/// `nil` when the score's tempos cannot be inverted exactly (times that go back).
public func musicXML(from score: Score, noteOf: (String) -> Int?) -> MusicXMLExport? {
  var notes: [BarNote] = []
  var skipped = 0
  for tap in score.taps {
    guard let note = noteOf(tap.key), (0...127).contains(note) else {
      skipped += 1
      continue
    }
    guard let beat = beatPosition(of: tap.time, tempos: score.tempoChanges) else { return nil }
    notes.append(
      BarNote(
        beat: beat, voice: tap.voice, note: note, gain: tap.gain,
        flat: tap.key == NoteName.name(of: note, flat: true)))
  }
  guard let end = beatPosition(of: score.duration, tempos: score.tempoChanges) else { return nil }
  var meters: [(beat: Rational, numerator: Int, denominator: Int)] = []
  for meter in score.meterChanges {
    guard let beat = beatPosition(of: meter.time, tempos: score.tempoChanges) else { return nil }
    meters.append((beat, meter.numerator, meter.denominator))
  }
  var tempos: [(beat: Rational, beatsPerMinute: Rational)] = []
  for tempo in score.tempoChanges {
    guard let beat = beatPosition(of: tempo.time, tempos: score.tempoChanges) else { return nil }
    tempos.append((beat, tempo.beatsPerMinute))
  }
  let last = notes.map(\.beat).max() ?? .zero
  let bars = barGrid(meters: meters, through: end > last ? end : (last.adding(.one) ?? last))
  var voices = Array(Set(notes.map(\.voice))).sorted()
  if voices.isEmpty { voices = [0] }
  // Divisions of a beat fine enough for every position written.
  var positions = notes.map(\.beat) + tempos.map(\.beat)
  for bar in bars { positions += [bar.start, bar.end] }
  var divisions: Int64 = 1
  for position in positions {
    guard let product = Rational.leastCommonMultiple(divisions, position.denominator),
      product <= Int64(Int32.max)
    else { return nil }
    divisions = product
  }
  var writer = MusicXMLText(divisions: divisions)
  writer.header(title: score.title)
  writer.partList(
    voices.map { voice in score.voices.indices.contains(voice) ? score.voices[voice] : "Xylophone" }
  )
  var merged = 0
  for (index, voice) in voices.enumerated() {
    let events = chordEvents(notes.filter { $0.voice == voice }, merged: &merged)
    writer.part(
      number: index + 1, bars: bars, events: events, tempos: index == 0 ? tempos : [])
  }
  writer.close()
  return MusicXMLExport(text: writer.text, skippedTaps: skipped, mergedTaps: merged)
}

/// A tap as a note at its beat.
struct BarNote {
  var beat: Rational
  var voice: Int
  var note: Int
  var gain: Double
  /// Its key is named with a flat (`Bb4`): written with `<alter>-1</alter>`.
  var flat: Bool
}

/// Notes struck together: one chord, its notes lowest first.
struct ChordEvent {
  var beat: Rational
  var notes: [(note: Int, gain: Double, flat: Bool)]
}

/// The part's taps as chords in time order; a note struck twice at one beat is written once.
private func chordEvents(_ notes: [BarNote], merged: inout Int) -> [ChordEvent] {
  var events: [ChordEvent] = []
  for note in notes.sorted(by: { ($0.beat, $0.note) < ($1.beat, $1.note) }) {
    if let lastIndex = events.indices.last, events[lastIndex].beat == note.beat {
      if events[lastIndex].notes.contains(where: { $0.note == note.note }) {
        merged += 1
      } else {
        events[lastIndex].notes.append((note.note, note.gain, note.flat))
      }
    } else {
      events.append(ChordEvent(beat: note.beat, notes: [(note.note, note.gain, note.flat)]))
    }
  }
  return events
}

/// A bar: where it starts and ends in beats, and the meter it is written in.
struct Bar {
  var start: Rational
  var end: Rational
  var numerator: Int
  var denominator: Int
}

/// The bars from beat 0 until `end`: 4/4 until the first meter, a new bar wherever a meter is
/// set (cutting the bar before it short); at most 100,000.
private func barGrid(
  meters: [(beat: Rational, numerator: Int, denominator: Int)], through end: Rational
) -> [Bar] {
  var bars: [Bar] = []
  var meter = (numerator: 4, denominator: 4)
  var next = 0
  var start = Rational.zero
  while start < end, bars.count < 100_000 {
    while next < meters.count, !(start < meters[next].beat) {
      meter = (meters[next].numerator, meters[next].denominator)
      next += 1
    }
    let length = Rational(Int64(meter.numerator) * 4, Int64(meter.denominator)) ?? Rational(4)
    var stop = start.adding(length) ?? end
    if next < meters.count, meters[next].beat < stop { stop = meters[next].beat }
    bars.append(
      Bar(start: start, end: stop, numerator: meter.numerator, denominator: meter.denominator))
    start = stop
  }
  return bars
}
