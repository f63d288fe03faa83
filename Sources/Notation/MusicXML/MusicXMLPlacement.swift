import MIDIFile
import ScoreParser

/// The document's measures in the order played, onto the song builder: each measure starts
/// where the one played before it ends (its length is the furthest any part's content goes;
/// a measure empty in every part lasts its time signature), ties join notes into one stroke,
/// grace notes take their time from the note before (`GraceTiming`), and dynamics hold in
/// their part until the next, in the order played.
func placedSong(_ document: MusicXMLDocument, path: String, limits: MIDILimits)
  throws(NotationError) -> (builder: NotatedSongBuilder, warnings: [String])
{
  let count = document.parts.map(\.measures.count).max() ?? 0
  var marks = [MeasureMarks](repeating: MeasureMarks(), count: count)
  var lengths = [Rational](repeating: .zero, count: count)
  var meters = [(numerator: Int, denominator: Int)?](repeating: nil, count: count)
  for part in document.parts {
    for (index, measure) in part.measures.enumerated() {
      marks[index].merge(measure.marks)
      lengths[index] = max(lengths[index], measure.contentEnd)
      if meters[index] == nil { meters[index] = measure.meter }
    }
  }
  // Meters carry on; an empty measure lasts its meter's bar.
  var meter: (numerator: Int, denominator: Int)?
  for index in 0..<count {
    meter = meters[index] ?? meter
    meters[index] = meter
    if lengths[index] == .zero, let meter,
      let bar = Rational(Int64(meter.numerator) * 4, Int64(meter.denominator))
    {
      lengths[index] = bar
    }
  }
  var unfollowed: [String] = []
  guard let order = PlayOrder(marks: marks).measures(unfollowed: &unfollowed) else {
    throw NotationError(
      path: path,
      message: "the repeats and jumps play more than \(PlayOrder.maxMeasures) measures")
  }
  // Each measure played is looked at in every part: bounded, whatever the repeats and parts.
  guard order.count <= maximumMeasuresPlayedInAllParts / max(1, document.parts.count) else {
    throw NotationError(
      path: path,
      message:
        "the repeats and jumps play \(order.count) measures in each of \(document.parts.count) parts, more than \(maximumMeasuresPlayedInAllParts) in all"
    )
  }
  var placer = NotePlacer(
    partCount: document.parts.count, maxNotes: limits.maxNotes, path: path)
  var builder = NotatedSongBuilder()
  builder.title = document.title
  builder.parts = document.parts.map(\.name)
  var start = Rational.zero
  var lastMeter: (numerator: Int, denominator: Int)?
  for index in order {
    if let meter = meters[index], lastMeter.map({ $0 != meter }) ?? true {
      builder.meters.append((start, meter.numerator, meter.denominator))
      lastMeter = meter
    }
    for (number, part) in document.parts.enumerated() where index < part.measures.count {
      try placer.place(part.measures[index].events, part: number, at: start, into: &builder)
    }
    guard let next = start.adding(lengths[index]) else {
      throw NotationError(path: path, message: "the song's times overflow exact arithmetic")
    }
    start = next
  }
  builder.end = start
  var ignored = document.ignored
  for jump in unfollowed { ignored.note(.jumpWithoutTarget, jump) }
  return (builder, ignored.warnings)
}

/// The most measures played, counted in every part.
let maximumMeasuresPlayedInAllParts = 20_000_000

/// Places the events of measures in the order played: what each part's voices last did.
private struct NotePlacer {
  /// Each part's dynamics level, and the channels holding a tie open on each pitch.
  var levels: [Int]
  var openTies: [[Int: [Int]]]
  /// Where each part's channels last started a note or rest, for grace notes.
  var previousOnsets: [[Int: Rational]]
  /// Tempo changes placed, by position: the part that set each and its index in the builder's
  /// tempos. Within a part the later change at a position wins; between parts, the first's.
  var tempoPlaces: [Rational: (part: Int, index: Int)] = [:]
  let maxNotes: Int
  let path: String

  init(partCount: Int, maxNotes: Int, path: String) {
    levels = Array(repeating: MusicXMLDynamics.defaultVelocity, count: partCount)
    openTies = Array(repeating: [:], count: partCount)
    previousOnsets = Array(repeating: [:], count: partCount)
    self.maxNotes = maxNotes
    self.path = path
  }

  mutating func place(
    _ events: [WrittenEvent], part: Int, at start: Rational, into builder: inout NotatedSongBuilder
  ) throws(NotationError) {
    for event in events {
      guard let position = start.adding(event.position) else {
        throw NotationError(path: path, message: "the song's times overflow exact arithmetic")
      }
      switch event.kind {
      case .tempo(let beatsPerMinute):
        if let placed = tempoPlaces[position] {
          if placed.part == part { builder.tempos[placed.index].beatsPerMinute = beatsPerMinute }
        } else {
          tempoPlaces[position] = (part, builder.tempos.count)
          builder.tempos.append((position, beatsPerMinute, nil))
        }
      case .dynamics(let velocity):
        levels[part] = velocity
      case .rest:
        previousOnsets[part][event.channel] = position
      case .note(let pitch, let velocity, let tieStart, let tieStop):
        previousOnsets[part][event.channel] = position
        let continues = tieStop && closeTie(pitch, channel: event.channel, part: part)
        if !tieStop, let index = openTies[part][pitch]?.firstIndex(of: event.channel) {
          // A tie that never reached its note: this note starts afresh.
          openTies[part][pitch]?.remove(at: index)
        }
        if tieStart { openTies[part][pitch, default: []].append(event.channel) }
        if !continues {
          try strike(
            pitch, velocity, at: position, part: part, channel: event.channel, flat: event.flat,
            &builder)
        }
      case .grace(let pitch, let velocity, let step, let count):
        let onsets = GraceTiming.onsets(
          count: count, principal: position, previous: previousOnsets[part][event.channel])
        guard onsets.indices.contains(step) else { continue }
        try strike(
          pitch, velocity, at: onsets[step], part: part, channel: event.channel, flat: event.flat,
          &builder)
      }
    }
  }

  /// Whether a tie was open on `pitch`, its channel's own or else another's (a tie between
  /// voices), which it closes. A note not tied to the one before closes its channel's.
  private mutating func closeTie(_ pitch: Int, channel: Int, part: Int) -> Bool {
    guard var channels = openTies[part][pitch], !channels.isEmpty else { return false }
    channels.remove(at: channels.firstIndex(of: channel) ?? 0)
    openTies[part][pitch] = channels.isEmpty ? nil : channels
    return true
  }

  private func strike(
    _ pitch: Int, _ velocity: Int?, at position: Rational, part: Int, channel: Int, flat: Bool,
    _ builder: inout NotatedSongBuilder
  ) throws(NotationError) {
    guard builder.notes.count < maxNotes else {
      throw NotationError(
        path: path,
        message: "the song holds more than \(maxNotes) notes, the limit (see --max-taps)")
    }
    builder.notes.append(
      QuarterNote(
        position: position, part: part + 1, voice: channel, note: pitch,
        velocity: velocity ?? levels[part], flat: flat))
  }
}
