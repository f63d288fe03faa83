import AudioBasics
import ScoreParser

/// A MIDI song made into a score, with counts of the notes that did not become taps as they
/// were, for the notes the front end prints.
public struct MIDIImport: Sendable {
  public var score: Score
  /// Notes on channel 10 left out because drums were not kept.
  public var drumsSkipped: Int
  /// Notes on channel 10 kept (`--drums`): percussion played as pitched keys by note number.
  public var drumsKept = 0
  /// Notes moved by octaves to a key the bank has.
  public var folded: Int
  /// Notes outside the bank's range left out (`OutOfRange.skip`).
  public var skipped: Int
  /// Notes of a pitch class the bank has at no octave, left out.
  public var unplayable: Int
  /// The first of the unplayable notes, for the message.
  public var firstUnplayable: NoteOccurrence?
  /// Each tap's tick, in the order of `score.taps`: the beat grid a converter writes on.
  public var tapTicks: [Int64] = []
  /// What the file's structure gets wrong that reading tolerated.
  public var warnings: [MIDIWarning] = []
  /// Each part as it was placed on the bank: the octaves it moved, the notes folded alone.
  public var placements: [PartPlacement] = []
  /// How the melody was picked, when only the melody plays (`PartSelection`).
  public var melody: MelodyPick?
  /// The taps of each program, drums (channel 10) left out; taps on a channel no program
  /// change came to are in none.
  public var programCounts: [MIDIProgram: Int] = [:]
}

/// What reading a MIDI file did to its notes, in numbers: for a summary of what was kept.
public struct MIDINoteCounts: Equatable, Sendable {
  public var drumsLeftOut = 0
  public var drumsKept = 0
  public var folded = 0
  public var leftOutOfRange = 0
  public var unplayable = 0
  /// How the melody was picked, when only the melody played.
  public var melody: MelodyPick?
  /// Parts moved as a piece by whole octaves into the bank's range.
  public var partsMoved = 0

  public init() {}
}

extension MIDIImport {
  /// The counts of what reading changed.
  public var counts: MIDINoteCounts {
    var counts = MIDINoteCounts()
    counts.drumsLeftOut = drumsSkipped
    counts.drumsKept = drumsKept
    counts.folded = folded
    counts.leftOutOfRange = skipped
    counts.unplayable = unplayable
    counts.melody = melody
    counts.partsMoved = placements.filter { $0.octaves != 0 }.count
    return counts
  }
}

/// One note of a MIDI song, named for a message: `C#6, track 2, 1.250 s`.
public struct NoteOccurrence: Hashable, Sendable, CustomStringConvertible {
  /// The note's scientific name after transposing (`C#6`).
  public var name: String
  /// The track (1-based).
  public var track: Int
  /// The note's exact time.
  public var seconds: Rational

  public init(name: String, track: Int, seconds: Rational) {
    self.name = name
    self.track = track
    self.seconds = seconds
  }

  /// `C#6, track 2, 1.250 s`.
  public var description: String {
    "\(name), track \(track), \(seconds.decimalString(places: 3)) s"
  }
}

/// Makes every selected note of `song` a tap on the bank's key for it, at its exact time.
///
/// Notes are selected by track, channel and drums, then (`PartSelection`) the melody picked;
/// each part moves by whole octaves onto the bank (`OctavePlacement.part`) before a note that
/// still has no key meets `OutOfRange`. A tap's `line` is its track and `column` its channel;
/// its `voice` is its track's place in `score.voices`, every track by name; its gain is
/// velocity / 127. Notes struck again, never released or doubled in unison are separate taps.
public func score(from song: MIDISong, mapping: NoteMapping) throws(MIDIError) -> MIDIImport {
  guard NoteMapping.transposeRange.contains(mapping.transpose) else {
    throw MIDIError(
      message: "transpose by \(mapping.transpose) semitones is out of range (-1000 to 1000)")
  }
  let table = KeyTable(mapping.keys, folds: mapping.outOfRange == .fold)
  var result = MIDIImport(
    score: Score(taps: [], duration: try song.seconds(atTick: song.endTick), title: song.title),
    drumsSkipped: 0, folded: 0, skipped: 0, unplayable: 0, warnings: song.warnings)
  let notes = song.notes
  var selected: [Int] = []
  var drums: [Int] = []
  for (index, note) in notes.enumerated() {
    if let tracks = mapping.tracks, !tracks.contains(note.track) { continue }
    if let channels = mapping.channels, !channels.contains(note.channel) { continue }
    if note.channel == 10 {
      guard mapping.keepDrums else {
        result.drumsSkipped += 1
        continue
      }
      drums.append(index)
      continue
    }
    selected.append(index)
  }
  if mapping.selection != .all, !selected.isEmpty,
    mapping.selection == .melody || Set(selected.map { song.part(of: notes[$0]) }).count > 1
  {
    let picked = pickMelody(
      selected, of: notes, part: { song.part(of: $0) }, name: { song.name(of: $0) })
    selected = picked.kept
    result.melody = picked.pick
  }
  let isMelody = result.melody != nil
  func melodic(_ note: MIDINote) -> MIDIPart { isMelody ? .melody : song.part(of: note) }
  result.placements = placements(
    of: selected, in: song, partOf: melodic, table: table, octaves: mapping.octaves,
    transpose: mapping.transpose)
  let shifts = Dictionary(uniqueKeysWithValues: result.placements.map { ($0.part, $0.octaves) })
  var order = selected + drums
  if !drums.isEmpty { order.sort() }
  var taps: [Tap] = []
  taps.reserveCapacity(order.count)
  var ticks: [Int64] = []
  var partIndex: [MIDIPart: Int] = [:]
  for (place, placement) in result.placements.enumerated() { partIndex[placement.part] = place }
  let programs = song.programChanges.isEmpty ? [] : song.programs(of: order)
  for (position, index) in order.enumerated() {
    let note = notes[index]
    let isDrum = note.channel == 10
    if isDrum { result.drumsKept += 1 }
    let part = melodic(note)
    let number = note.note + mapping.transpose + (isDrum ? 0 : 12 * (shifts[part] ?? 0))
    let key: String
    switch table.lookUp(number, flat: note.isSpelledFlat) {
    case .key(let title):
      key = title
    case .folded(let title):
      key = title
      result.folded += 1
      if !isDrum, let place = partIndex[part] { result.placements[place].folded += 1 }
    case .outOfRange where mapping.outOfRange == .skip:
      result.skipped += 1
      if !isDrum, let place = partIndex[part] { result.placements[place].skipped += 1 }
      continue
    case .outOfRange, .unplayable:
      if mapping.outOfRange == .error || result.firstUnplayable == nil {
        // Named as written (and transposed), so it can be found in the file.
        let occurrence = NoteOccurrence(
          name: NoteName.name(of: note.note + mapping.transpose, flat: note.isSpelledFlat),
          track: note.track,
          seconds: try song.seconds(atTick: note.tick))
        guard mapping.outOfRange != .error else {
          throw MIDIError(
            message: "note \(occurrence.name) (track \(occurrence.track), "
              + "\(occurrence.seconds.decimalString(places: 3)) s) has no key in the bank")
        }
        result.firstUnplayable = occurrence
      }
      result.unplayable += 1
      continue
    }
    taps.append(
      Tap(
        time: try song.seconds(atTick: note.tick), key: key,
        gain: Double(note.velocity) / 127, line: note.track, column: note.channel,
        sequence: taps.count, voice: note.track - 1))
    ticks.append(note.tick)
    if !isDrum, position < programs.count, let program = programs[position] {
      result.programCounts[program, default: 0] += 1
    }
  }
  // Notes come ordered by tick, track and file order, and `order` keeps that order, so the
  // taps are already in time order.
  result.score.taps = taps
  result.score.voices = song.tracks.map { track in
    track.name.flatMap { $0.isEmpty ? nil : $0 } ?? "track \(track.number)"
  }
  result.tapTicks = ticks
  result.score.tempoChanges = try scoreTempoChanges(song)
  result.score.meterChanges = try song.timeSignatures.map { (signature) throws(MIDIError) in
    MeterChange(
      time: try song.seconds(atTick: signature.tick), numerator: signature.numerator,
      denominator: signature.denominator)
  }
  return result
}

/// Each part of `selected`, in order of its first note, with the octaves it moves by.
private func placements(
  of selected: [Int], in song: MIDISong, partOf: (MIDINote) -> MIDIPart, table: KeyTable,
  octaves: NoteMapping.OctavePlacement, transpose: Int
) -> [PartPlacement] {
  var order: [MIDIPart] = []
  var histograms: [MIDIPart: [Int: Int]] = [:]
  for index in selected {
    let note = song.notes[index]
    let part = partOf(note)
    if histograms[part] == nil { order.append(part) }
    histograms[part, default: [:]][note.note + transpose, default: 0] += 1
  }
  return order.map { part in
    let histogram = histograms[part] ?? [:]
    return PartPlacement(
      part: part, name: song.name(of: part), noteCount: histogram.values.reduce(0, +),
      octaves: octaves == .part ? octaveShift(placing: histogram, on: table) : 0)
  }
}

extension MIDISong {
  /// The part a note belongs to: its track, or its channel in a one-track (format 0) file.
  func part(of note: MIDINote) -> MIDIPart {
    format == 0 && tracks.count <= 1 ? .channel(note.channel) : .track(note.track)
  }

  /// A part's name: its track's, for a track.
  func name(of part: MIDIPart) -> String? {
    guard case .track(let number) = part, tracks.indices.contains(number - 1) else { return nil }
    return tracks[number - 1].name
  }
}

/// The song's tempo map in seconds and beats per minute, repeats left out; 120 bpm from time
/// 0 when the first change comes later, as MIDI assumes.
private func scoreTempoChanges(_ song: MIDISong) throws(MIDIError) -> [TempoChange] {
  guard let first = song.tempoChanges.first else { return [] }
  var changes: [TempoChange] = []
  if first.tick > 0 { changes.append(TempoChange(time: .zero, beatsPerMinute: Rational(120))) }
  for change in song.tempoChanges where changes.last?.beatsPerMinute != change.beatsPerMinute {
    var tempo = TempoChange(
      time: try song.seconds(atTick: change.tick), beatsPerMinute: change.beatsPerMinute)
    tempo.beatUnit = change.beatUnit
    changes.append(tempo)
  }
  return changes
}
