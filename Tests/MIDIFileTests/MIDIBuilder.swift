import MIDIFile
import ScoreParser
import Testing

/// A Standard MIDI File made byte by byte: the header chunk, then `chunks` as given.
func midiFile(
  format: Int = 1, division: Int = 96, declaredTracks: Int? = nil, extraHeader: [UInt8] = [],
  _ chunks: [UInt8]...
) -> [UInt8] {
  let header =
    bytes(format, 2) + bytes(declaredTracks ?? chunks.count, 2) + bytes(division, 2)
    + extraHeader
  return chunk("MThd", header) + chunks.flatMap { $0 }
}

/// A track chunk holding `events` one after another; no end-of-track event is added.
func track(_ events: [UInt8]...) -> [UInt8] {
  chunk("MTrk", events.flatMap { $0 })
}

/// `type`, the body's length (or `declaredLength`), the body.
func chunk(_ type: String, _ body: [UInt8], declaredLength: Int? = nil) -> [UInt8] {
  Array(type.utf8) + bytes(declaredLength ?? body.count, 4) + body
}

/// `value` big-endian in `count` bytes.
func bytes(_ value: Int, _ count: Int) -> [UInt8] {
  (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

/// A variable-length quantity: 7 bits a byte, high bit on all but the last.
func vlq(_ value: Int) -> [UInt8] {
  var result = [UInt8(value & 0x7F)]
  var rest = value >> 7
  while rest > 0 {
    result.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
    rest >>= 7
  }
  return result
}

/// A note-on after `delta` ticks, with its status byte.
func noteOn(_ delta: Int, _ note: Int, velocity: Int = 100, channel: Int = 1) -> [UInt8] {
  vlq(delta) + [0x90 | UInt8(channel - 1), UInt8(note), UInt8(velocity)]
}

/// A meta event after `delta` ticks.
func meta(_ delta: Int, _ type: UInt8, _ data: [UInt8]) -> [UInt8] {
  vlq(delta) + [0xFF, type] + vlq(data.count) + data
}

/// A set-tempo event: `microseconds` a quarter note.
func tempo(_ delta: Int, _ microseconds: Int) -> [UInt8] {
  meta(delta, 0x51, bytes(microseconds, 3))
}

func trackName(_ delta: Int, _ name: String) -> [UInt8] {
  meta(delta, 0x03, Array(name.utf8))
}

let endOfTrack: [UInt8] = [0, 0xFF, 0x2F, 0]

/// The app's keys and the MIDI notes they play.
let appKeys: [(title: String, note: Int)] = [
  ("C", 84), ("D", 86), ("E", 88), ("F", 89), ("G", 91), ("A", 93), ("B", 95), ("HighC", 96),
]

/// Reads `bytes`, recording the error as an issue.
func readSong(_ bytes: [UInt8], limits: MIDILimits = MIDILimits()) -> MIDISong? {
  do {
    return try readMIDI(bytes, limits: limits)
  } catch {
    Issue.record("\(error)")
    return nil
  }
}

/// The description of the error reading `bytes` gives, or `no error`.
func readError(_ bytes: [UInt8], limits: MIDILimits = MIDILimits()) -> String {
  do {
    _ = try readMIDI(bytes, limits: limits)
    return "no error"
  } catch {
    return error.description
  }
}

/// The song's notes as `tick note velocity t<track> c<channel> #<sequence>`.
func noteLines(_ song: MIDISong?) -> [String] {
  (song?.notes ?? []).map {
    "\($0.tick) \($0.note) \($0.velocity) t\($0.track) c\($0.channel) #\($0.sequence)"
  }
}

/// The import of `bytes` with `mapping`, recording any error as an issue.
func imported(_ bytes: [UInt8], _ mapping: NoteMapping) -> MIDIImport? {
  guard let song = readSong(bytes) else { return nil }
  do {
    return try score(from: song, mapping: mapping)
  } catch {
    Issue.record("\(error)")
    return nil
  }
}

/// Taps as `seconds key` (exact fractions), in score order.
func tapLines(_ taps: [Tap]?) -> [String] {
  (taps ?? []).map { "\($0.time) \($0.key)" }
}
