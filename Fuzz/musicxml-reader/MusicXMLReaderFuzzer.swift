// libFuzzer harness for the MusicXML reader (Notation): any bytes, as MusicXML or as a
// compressed .mxl archive, must give a song or one error line, never a crash, a hang, runaway
// memory or a word printed by libxml2 or libzip; a song must keep the limits and map to taps.
import MIDIFile
import Notation
import ScoreParser

private let keys: [(title: String, note: Int)] = [
  ("C", 84), ("D", 86), ("E", 88), ("F", 89), ("G", 91), ("A", 93), ("B", 95), ("HighC", 96),
  ("F4", 65), ("C5", 72),
]

private let limits = MIDILimits(maxNotes: 50_000, maxDuration: Rational(3_600))

/// One input: must not crash, hang or leak; returns 0 as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMusicXMLReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // A zip archive is read as compressed MusicXML, anything else as MusicXML text.
  let format: NotationFormat =
    bytes.starts(with: [0x50, 0x4B]) ? .compressedMusicXML : .musicXML
  let read: NotatedImport
  do {
    read = try readNotation(bytes, format: format, path: "fuzz", limits: limits)
  } catch {
    precondition(!error.message.isEmpty, "an error says what is wrong")
    precondition(!error.description.contains("\n"), "errors are one line")
    precondition(error.line.map { $0 >= 1 } ?? true, "lines start at 1")
    precondition(error.column.map { $0 >= 1 } ?? true, "columns start at 1")
    return 0
  }
  let song = read.song
  precondition(song.notes.count <= 50_000, "the note limit holds")
  precondition(!song.tracks.isEmpty, "a score has a part")
  precondition(song.notes.allSatisfy { (1...16).contains($0.channel) && $0.channel != 10 })
  precondition(song.notes.allSatisfy { $0.track >= 1 && $0.track <= song.tracks.count })
  for warning in read.warnings {
    precondition(!warning.isEmpty && !warning.contains("\n"), "warnings are single lines")
  }
  let mapping = NoteMapping(keys: keys, keepDrums: false, outOfRange: .fold)
  guard let result = try? score(from: song, mapping: mapping) else {
    preconditionFailure("a song read within the limits maps to taps")
  }
  let taps = result.score.taps
  precondition(zip(taps, taps.dropFirst()).allSatisfy { !($1.time < $0.time) }, "taps sorted")
  precondition(result.score.duration <= Rational(3_600), "the duration limit holds")
  return 0
}
