// libFuzzer harness for the ABC reader: any bytes must give a song or one error, never a
// crash, a hang or runaway memory; a song must hold its limits, and its notes must map to
// sorted taps as a MIDI file's do.
import MIDIFile
import Notation
import ScoreParser

private let limits = MIDILimits(maxNotes: 50_000, maxDuration: Rational(3_600))

/// The app's keys and a chromatic octave, so folding and unplayable notes both run.
private let keys: [(title: String, note: Int)] =
  [("C", 84), ("D", 86), ("E", 88), ("F", 89), ("G", 91), ("A", 93), ("B", 95)]
  + (60...71).map { ("K\($0)", $0) }

/// One input: must not crash, hang or leak; returns 0 as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzABCReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let read: NotatedImport
  do {
    read = try readNotation(bytes, format: .abc, path: "fuzz.abc", limits: limits)
  } catch {
    check(error)
    return 0
  }
  check(read.song)
  // Every other tune of the file reads too, or fails with one error.
  for tune in read.tunes.dropFirst().prefix(3) {
    do {
      check(
        try readNotation(
          bytes, format: .abc, path: "fuzz.abc", choices: NotationChoices(tune: tune.number),
          limits: limits
        ).song)
    } catch {
      check(error)
    }
  }
  return 0
}

private func check(_ song: MIDISong) {
  precondition(song.notes.count <= 50_000, "the note limit holds")
  precondition(!song.tracks.isEmpty, "a song has a part")
  precondition(
    song.notes.allSatisfy { $0.tick >= 0 && $0.tick <= song.endTick && $0.channel != 10 },
    "notes lie within the song, off the drum channel")
  let mapping = NoteMapping(keys: keys, outOfRange: .fold)
  do {
    let result = try score(from: song, mapping: mapping)
    let taps = result.score.taps
    precondition(zip(taps, taps.dropFirst()).allSatisfy { !($1.time < $0.time) }, "taps sorted")
    precondition(result.score.duration <= Rational(3_600), "the duration limit holds")
  } catch {
    preconditionFailure("a read song is refused: \(error)")
  }
}

private func check(_ error: NotationError) {
  precondition(!error.message.isEmpty && !error.message.contains("\n"), "errors are one line")
  if let line = error.line {
    precondition(line >= 1 && (error.column ?? 1) >= 1, "positions count from 1")
  }
}
