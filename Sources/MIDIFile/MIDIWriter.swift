import AudioBasics
import ScoreParser

/// A score written as a Standard MIDI File, and the taps that could not be written.
public struct MIDIExport: Sendable {
  /// A format 1 file: track 1 the tempo map, then one track of notes a voice of the score that
  /// has any (one for a score without voices), named after it and played on a xylophone.
  public var bytes: [UInt8]
  /// Taps whose key plays no MIDI note (`noteOf` gave `nil` or a number outside 0–127).
  public var skippedTaps: Int
  /// Taps at a negative time or one too late for a MIDI file's ticks, or past 300 million notes.
  public var unplacedTaps: Int
}

/// Writes `score` as MIDI: each tap a note at the tick nearest its exact time (exact when the
/// tempo is a whole number of µs and the tap is on the beat grid, otherwise within 0.5 ms),
/// velocity from gain, held until the key is struck again, for one beat or until the score's
/// end, whichever is first (so the file lasts as long as the score).
///
/// Each voice's track is named after it (`Xylophone` for a score without `voice` lines), on a
/// channel of its own (1 to 16 but 10, General MIDI's drums; in turn past 15 voices), which a
/// program change at tick 0 sets to General MIDI's Xylophone, so other software plays it so.
///
/// `noteOf` gives the MIDI note a key title plays: pass the bank's own lookup, since the app's
/// titles (`C`, `HighC`) are no note names. `ticksPerQuarter` is kept within 1–32767.
public func midiBytes(
  from score: Score, ticksPerQuarter: Int = 960,
  noteOf: (String) -> Int? = NoteName.note(named:)
) -> MIDIExport {
  let division = Int64(max(1, min(ticksPerQuarter, 0x7FFF)))
  let tempoMap = WriterTempoMap(score.tempoChanges, ticksPerQuarter: division)
  var export = MIDIExport(bytes: [], skippedTaps: 0, unplacedTaps: 0)
  var placed: [[PlacedNote]] = []
  var voiceOfTrack: [Int] = []
  var trackOfVoice: [Int: Int] = [:]
  var placedCount = 0
  for tap in score.taps {
    guard let note = noteOf(tap.key), (0...127).contains(note) else {
      export.skippedTaps += 1
      continue
    }
    guard placedCount < maxWrittenNotes, let tick = tempoMap.place(tap.time)?.tick else {
      export.unplacedTaps += 1
      continue
    }
    let track =
      trackOfVoice[tap.voice]
      ?? {
        voiceOfTrack.append(tap.voice)
        placed.append([])
        trackOfVoice[tap.voice] = placed.count - 1
        return placed.count - 1
      }()
    placed[track].append(PlacedNote(tick: tick, note: UInt8(note), velocity: velocity(tap.gain)))
    placedCount += 1
  }
  if placed.isEmpty {
    placed = [[]]
    voiceOfTrack = [0]
  }
  let endTick = tempoMap.place(score.duration)?.tick ?? 0
  export.bytes = header(tracks: 1 + placed.count, ticksPerQuarter: division)
  let meters = score.meterChanges.compactMap { meter in
    tempoMap.place(meter.time).map { (tick: $0.tick, meter: meter) }
  }
  export.bytes += tempoTrack(tempoMap, title: score.title, meters: meters).chunk
  for (index, notes) in placed.enumerated() {
    let name = score.voices.isEmpty ? "Xylophone" : score.voiceName(voiceOfTrack[index])
    // Channels 0-based: 9 is General MIDI's drums (channel 10), left out.
    let channel = UInt8(index % 15 < 9 ? index % 15 : index % 15 + 1)
    export.bytes +=
      noteTrack(notes, name: name, channel: channel, tempoMap: tempoMap, endTick: endTick).chunk
  }
  return export
}

/// General MIDI's Xylophone as the byte a program change carries: programs are numbered 1 to
/// 128 in the specification's table, where Xylophone is 14, and written 0 to 127, so 13.
let xylophoneProgram: UInt8 = 13

/// A track chunk's length has 32 bits: at most 14 bytes a note (two events) keeps this many
/// notes, and the fillers of long gaps, under 4 GiB.
private let maxWrittenNotes = 300_000_000

/// A note at its tick, before its release is known.
private struct PlacedNote {
  var tick: Int64
  var note: UInt8
  var velocity: UInt8
}

/// MIDI velocity for a linear gain: round(gain × 127), kept within 1–127.
private func velocity(_ gain: Double) -> UInt8 {
  let scaled = (gain * 127).rounded()
  guard !scaled.isNaN else { return 1 }
  return UInt8(max(1, min(127, scaled)))
}

private func header(tracks: Int, ticksPerQuarter: Int64) -> [UInt8] {
  Array("MThd".utf8) + [0, 0, 0, 6, 0, 1] + bigEndian(UInt32(tracks), bytes: 2)
    + bigEndian(UInt32(ticksPerQuarter), bytes: 2)
}

/// Track 1: the title, the score's meters as time signatures (4/4 from the start when it sets
/// none there) and every tempo, in tick order.
private func tempoTrack(
  _ tempoMap: WriterTempoMap, title: String?, meters: [(tick: Int64, meter: MeterChange)]
) -> TrackWriter {
  var track = TrackWriter()
  if let title, !title.isEmpty {
    track.meta(0x03, Array(title.utf8.prefix(Int(TrackWriter.maxDelta))), at: 0)
  }
  // (tick, order, type, bytes): at one tick a time signature before a tempo.
  var events: [(tick: Int64, order: Int, type: UInt8, bytes: [UInt8])] = []
  if meters.first?.tick != 0 { events.append((0, 0, 0x58, [4, 2, 24, 8])) }
  for (tick, meter) in meters {
    // Numerator, the denominator's power of two, MIDI clocks a metronome click (a quarter
    // note's 24, a dotted quarter's 36 in compound meters), 32nds a quarter.
    let exponent = UInt8(meter.denominator.trailingZeroBitCount)
    let compound = meter.denominator == 8 && meter.numerator % 3 == 0 && meter.numerator > 3
    events.append((tick, 0, 0x58, [UInt8(meter.numerator), exponent, compound ? 36 : 24, 8]))
  }
  for segment in tempoMap.segments {
    events.append(
      (segment.tick, 1, 0x51, bigEndian(UInt32(segment.microsecondsPerQuarter), bytes: 3)))
  }
  for event in events.sorted(by: { ($0.tick, $0.order) < ($1.tick, $1.order) }) {
    track.meta(event.type, event.bytes, at: event.tick)
  }
  track.endOfTrack(at: track.tick)
  return track
}

/// A voice's track: its name, the xylophone program on its channel, then a note-on for each
/// note and a note-on of velocity 0 where it is released; the track ends at `endTick`, or at
/// its last release when a note starts there or later.
private func noteTrack(
  _ notes: [PlacedNote], name: String, channel: UInt8, tempoMap: WriterTempoMap, endTick: Int64
) -> TrackWriter {
  let order = notes.indices.sorted { (notes[$0].tick, $0) < (notes[$1].tick, $1) }
  // (tick, phase, note index, step): releases of earlier notes come first at a tick, then
  // each note's start, right after it the release of a note that lasts no time.
  var events: [(tick: Int64, phase: Int, index: Int, step: Int)] = []
  events.reserveCapacity(notes.count * 2)
  var nextStrike: [UInt8: Int64] = [:]
  for index in order.reversed() {
    let note = notes[index]
    var release = min(note.tick + tempoMap.beatTicks(atTick: note.tick), WriterTempoMap.maxTick)
    if let next = nextStrike[note.note] { release = min(release, next) }
    if endTick > note.tick { release = min(release, endTick) }
    nextStrike[note.note] = note.tick
    events.append((note.tick, 1, index, 0))
    events.append(release == note.tick ? (note.tick, 1, index, 1) : (release, 0, index, 0))
  }
  events.sort { ($0.tick, $0.phase, $0.index, $0.step) < ($1.tick, $1.phase, $1.index, $1.step) }
  var track = TrackWriter()
  track.meta(0x03, Array(name.utf8.prefix(Int(TrackWriter.maxDelta))), at: 0)
  track.programChange(xylophoneProgram, channel: channel, at: 0)
  for event in events {
    let note = notes[event.index]
    let isStart = event.phase == 1 && event.step == 0
    track.channelMessage(0x90 | channel, note.note, isStart ? note.velocity : 0, at: event.tick)
  }
  track.endOfTrack(at: max(track.tick, endTick))
  return track
}
