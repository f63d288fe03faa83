// libFuzzer harness for MIDIFile: any bytes must give a song or one error line, never a
// crash, a hang or runaway memory; a song must map to sorted taps within the limits in every
// out-of-range mode, and must write back to a file the reader accepts.
import MIDIFile
import ScoreParser

/// A bank with a gap in every octave (no sharps), one title shared by two notes' names and a
/// title named after its note, so folding, unplayable notes and title preference all run.
private let keys: [(title: String, note: Int)] = [
  ("C", 84), ("D", 86), ("E", 88), ("F", 89), ("G", 91), ("A", 93), ("B", 95), ("HighC", 96),
  ("C6", 84), ("F#4", 66), ("C8", 108),
]

private let limits = MIDILimits(maxNotes: 50_000, maxDuration: Rational(3_600))

/// One input: must not crash, hang or leak; returns 0 as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMIDIReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let song: MIDISong
  do {
    song = try readMIDI(bytes, limits: limits)
  } catch {
    checkOneLine(error)
    return 0
  }
  precondition(song.notes.count <= 50_000, "the note limit holds")
  precondition(!song.tracks.isEmpty, "a song has a track")
  let modes: [NoteMapping.OutOfRange] = [.fold, .skip, .error]
  for mode in modes {
    let drums = size % 2 == 0
    let mapping = NoteMapping(keys: keys, keepDrums: drums, outOfRange: mode, transpose: size % 5)
    let result: MIDIImport
    do {
      result = try score(from: song, mapping: mapping)
    } catch {
      precondition(mode == .error, "only the error mode refuses a readable song")
      checkOneLine(error)
      continue
    }
    check(result, noteCount: song.notes.count)
    if mode == .fold { checkWriteBack(result.score) }
  }
  return 0
}

private func check(_ result: MIDIImport, noteCount: Int) {
  let taps = result.score.taps
  precondition(taps.count <= noteCount, "at most one tap a note")
  precondition(zip(taps, taps.dropFirst()).allSatisfy { !($1.time < $0.time) }, "taps sorted")
  precondition(
    taps.allSatisfy { $0.time >= .zero && $0.time <= result.score.duration }, "times in range")
  precondition(result.score.duration <= Rational(3_600), "the duration limit holds")
  precondition(
    taps.count + result.drumsSkipped + result.skipped + result.unplayable <= noteCount,
    "every note counted once")
  for line in describe(result) {
    precondition(!line.isEmpty && !line.contains("\n"), "notes are single lines")
  }
}

/// The score, written as MIDI, reads back with a note for every tap.
private func checkWriteBack(_ score: Score) {
  let note: (String) -> Int? = { title in keys.first { $0.title == title }?.note }
  let export = midiBytes(from: score, noteOf: note)
  precondition(export.skippedTaps == 0 && export.unplacedTaps == 0, "every tap is written")
  do {
    let song = try readMIDI(export.bytes)
    precondition(song.notes.count == score.taps.count, "every tap comes back")
  } catch {
    preconditionFailure("the writer's output is refused: \(error)")
  }
}

private func checkOneLine(_ error: MIDIError) {
  let text = error.description
  precondition(!error.message.isEmpty && !text.contains("\n"), "errors are one line")
}
