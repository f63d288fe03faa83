import MIDIFile
import Notation
import ScoreParser
import Testing

/// A note as the tests check it: where (quarter notes from the start), in which part and
/// channel, which MIDI note and how loud.
struct HeardNote: Equatable, CustomStringConvertible {
  var quarter: Rational
  var part = 1
  var channel = 1
  var note: Int
  var velocity = 80

  var description: String { "\(quarter) p\(part) c\(channel) \(note) v\(velocity)" }
}

/// `<note>` of `pitch` (`C4`, `F#5`, `Bb3`) for `duration` divisions, with `extra` inside.
func note(_ pitch: String, _ duration: Int?, _ extra: String = "", attributes: String = "")
  -> String
{
  let steps = Array(pitch)
  var alter = ""
  var octave = String(steps.dropFirst())
  if steps.count > 2, steps[1] == "#" || steps[1] == "b" {
    alter = "<alter>\(steps[1] == "#" ? 1 : -1)</alter>"
    octave = String(steps.dropFirst(2))
  }
  let length = duration.map { "<duration>\($0)</duration>" } ?? ""
  return
    "<note\(attributes)><pitch><step>\(steps[0])</step>\(alter)<octave>\(octave)</octave></pitch>\(length)\(extra)</note>"
}

/// A rest of `duration` divisions.
func rest(_ duration: Int, _ extra: String = "") -> String {
  "<note><rest/><duration>\(duration)</duration>\(extra)</note>"
}

/// A partwise score of `parts` (each a list of measures' contents), the first measure of each
/// starting with `<divisions>`; parts are named `One`, `Two`, ...
func partwise(_ parts: [[String]], divisions: Int = 1, header: String = "") -> String {
  let names = ["One", "Two", "Three", "Four"] + (4..<max(4, parts.count)).map { "Part \($0 + 1)" }
  var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<score-partwise version=\"4.0\">\n"
  text += header + "<part-list>\n"
  for index in parts.indices {
    text += "<score-part id=\"P\(index + 1)\"><part-name>\(names[index])</part-name></score-part>\n"
  }
  text += "</part-list>\n"
  for (index, measures) in parts.enumerated() {
    text += "<part id=\"P\(index + 1)\">\n"
    for (number, content) in measures.enumerated() {
      let attributes =
        number == 0 ? "<attributes><divisions>\(divisions)</divisions></attributes>" : ""
      text += "<measure number=\"\(number + 1)\">\(attributes)\(content)</measure>\n"
    }
    text += "</part>\n"
  }
  return text + "</score-partwise>\n"
}

/// A one-part partwise score of `measures`.
func score(_ measures: [String], divisions: Int = 1, header: String = "") -> String {
  partwise([measures], divisions: divisions, header: header)
}

/// Reads MusicXML text.
func read(_ text: String, path: String = "test.musicxml") throws(NotationError) -> NotatedImport {
  try readNotation(Array(text.utf8), format: .musicXML, path: path)
}

/// The notes of a song, in time order (then part, channel, note).
func heard(_ song: MIDISong) -> [HeardNote] {
  song.notes.map { note in
    HeardNote(
      quarter: Rational(note.tick, Int64(song.ticksPerQuarter)) ?? .zero, part: note.track,
      channel: note.channel, note: note.note, velocity: note.velocity)
  }.sorted {
    ($0.quarter, $0.part, $0.channel, $0.note) < ($1.quarter, $1.part, $1.channel, $1.note)
  }
}

/// The notes MusicXML text plays.
func heard(_ text: String) throws -> [HeardNote] {
  heard(try read(text).song)
}

/// `numerator/denominator` quarter notes.
func q(_ numerator: Int64, _ denominator: Int64 = 1) -> Rational {
  Rational(numerator, denominator) ?? .zero
}

/// The error reading `text` gives, or `nil` when it reads.
func readingError(_ text: String) -> NotationError? {
  do {
    _ = try read(text)
    return nil
  } catch {
    return error
  }
}
