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
}

/// What reading a MIDI file did to its notes, in numbers: for a summary of what was kept.
public struct MIDINoteCounts: Equatable, Sendable {
  public var drumsLeftOut = 0
  public var drumsKept = 0
  public var folded = 0
  public var leftOutOfRange = 0
  public var unplayable = 0

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
/// A tap's `line` is its track and `column` its channel; its `voice` is its track's place in
/// `score.voices`, every track by name; its gain is velocity / 127. Notes
/// struck again, never released or doubled in unison are separate taps.
public func score(from song: MIDISong, mapping: NoteMapping) throws(MIDIError) -> MIDIImport {
  guard NoteMapping.transposeRange.contains(mapping.transpose) else {
    throw MIDIError(
      message: "transpose by \(mapping.transpose) semitones is out of range (-1000 to 1000)")
  }
  let table = KeyTable(mapping.keys, folds: mapping.outOfRange == .fold)
  var result = MIDIImport(
    score: Score(taps: [], duration: try song.seconds(atTick: song.endTick), title: song.title),
    drumsSkipped: 0, folded: 0, skipped: 0, unplayable: 0, warnings: song.warnings)
  var taps: [Tap] = []
  taps.reserveCapacity(song.notes.count)
  var ticks: [Int64] = []
  for note in song.notes {
    if let tracks = mapping.tracks, !tracks.contains(note.track) { continue }
    if let channels = mapping.channels, !channels.contains(note.channel) { continue }
    if note.channel == 10 {
      guard mapping.keepDrums else {
        result.drumsSkipped += 1
        continue
      }
      result.drumsKept += 1
    }
    let number = note.note + mapping.transpose
    let key: String
    switch table.lookUp(number) {
    case .key(let title):
      key = title
    case .folded(let title):
      key = title
      result.folded += 1
    case .outOfRange where mapping.outOfRange == .skip:
      result.skipped += 1
      continue
    case .outOfRange, .unplayable:
      if mapping.outOfRange == .error || result.firstUnplayable == nil {
        let occurrence = NoteOccurrence(
          name: NoteName.name(of: number), track: note.track,
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
  }
  // Notes come ordered by tick, track and file order, so the taps are already in time order.
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

/// The song's tempo map in seconds and beats per minute, repeats left out; 120 bpm from time
/// 0 when the first change comes later, as MIDI assumes.
private func scoreTempoChanges(_ song: MIDISong) throws(MIDIError) -> [TempoChange] {
  guard let first = song.tempoChanges.first else { return [] }
  var changes: [TempoChange] = []
  if first.tick > 0 { changes.append(TempoChange(time: .zero, beatsPerMinute: Rational(120))) }
  for change in song.tempoChanges where changes.last?.beatsPerMinute != change.beatsPerMinute {
    changes.append(
      TempoChange(
        time: try song.seconds(atTick: change.tick), beatsPerMinute: change.beatsPerMinute))
  }
  return changes
}

/// The one-line notes about an import the front end prints: what was left out or moved, and
/// the option that changes it. Empty when every selected note became a tap as written.
public func describe(_ import: MIDIImport) -> [String] {
  var lines: [String] = []
  if `import`.drumsSkipped > 0 {
    let count = `import`.drumsSkipped
    lines.append(
      "\(notes(count, "drum note")) (channel 10) left out; --drums keeps \(count == 1 ? "it" : "them")"
    )
  }
  if `import`.drumsKept > 0 {
    lines.append(
      "\(notes(`import`.drumsKept, "drum note")) (channel 10) played as pitched keys by their note numbers (--drums): a drum kit's sounds are not keys"
    )
  }
  if `import`.folded > 0 {
    lines.append(
      "\(notes(`import`.folded, "note")) moved by octaves into the bank's range; "
        + "--out-of-range skip or error to change that")
  }
  if `import`.skipped > 0 {
    let count = `import`.skipped
    lines.append(
      "\(notes(count, "note")) outside the bank's range left out; "
        + "--out-of-range fold moves \(count == 1 ? "it" : "them") by octaves")
  }
  if `import`.unplayable > 0, let first = `import`.firstUnplayable {
    let count = `import`.unplayable
    let what =
      count == 1
      ? "1 note (\(first.description)) has" : "\(count) notes (first \(first.description)) have"
    lines.append(
      "\(what) no key in the bank at any octave and \(count == 1 ? "is" : "are") left out")
  }
  return lines
}

/// `1 note`, `3 notes`.
private func notes(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
