import MIDIFile
import Notation
import ScoreParser
import Testing

/// An ABC file read as `xylo-render` reads it, named `tune.abc` in messages.
func readABCText(_ text: String, tune: Int? = nil, limits: MIDILimits = MIDILimits())
  throws(NotationError) -> NotatedImport
{
  try readNotation(
    Array(text.utf8), format: .abc, path: "tune.abc", choices: NotationChoices(tune: tune),
    limits: limits)
}

/// A note as a test states it: its position in quarter notes (`"3/2"`), its MIDI note, and
/// its part and channel.
struct PlacedNote: Equatable, CustomStringConvertible {
  var position: Rational
  var note: Int
  var part = 1
  var channel = 1

  var description: String {
    "\(position):\(note)" + (part != 1 || channel != 1 ? "@\(part).\(channel)" : "")
  }
}

/// The notes of a song, in the order they sound, at exact positions in quarter notes.
func placedNotes(_ song: MIDISong) -> [PlacedNote] {
  song.notes.map { note in
    PlacedNote(
      position: Rational(note.tick, Int64(song.ticksPerQuarter)) ?? .zero, note: note.note,
      part: note.track, channel: note.channel)
  }
}

/// A tune of one voice: the header (`X:1`, `M:4/4`, `L:1/8` and `K:C` unless `header` says
/// otherwise) and `body`.
func tune(_ body: String, header: String = "M:4/4\nL:1/8\nK:C") -> String {
  "X:1\nT:Test\n\(header)\n\(body)\n"
}

/// `position:note` pairs of a tune's notes, as `"0:60 1/2:62"`.
func notesText(_ body: String, header: String = "M:4/4\nL:1/8\nK:C") throws -> String {
  let song = try readABCText(tune(body, header: header)).song
  return placedNotes(song).map(\.description).joined(separator: " ")
}

/// The error reading `text` gives, as printed: `tune.abc:3:5: message`.
func errorText(_ text: String, tune: Int? = nil) -> String? {
  do throws(NotationError) {
    _ = try readABCText(text, tune: tune)
    return nil
  } catch {
    return error.description
  }
}
