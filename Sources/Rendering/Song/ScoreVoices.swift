import AudioBasics
import MIDIFile
import SampleBank
import ScoreParser
import Settings

/// The titles a score may name on `bank`: the bank's own, then every scientific pitch name
/// (`C4`, `Bb3`), which the song's voices are moved onto the bank by (`placedVoices`).
func scoreTitles(_ bank: any SampleBank) -> [String] {
  withPitchNames(bank.titles)
}

/// `titles`, then every scientific pitch name: what score text may name where its pitches,
/// not a bank's titles, are what matters (a score converted to MIDI).
package func withPitchNames(_ titles: [String]) -> [String] {
  titles + pitchNames
}

/// `C-1` to `G9`, sharps and flats: every MIDI note by name.
private let pitchNames: [String] = (0...127).flatMap { note in
  NoteName.pitchClasses[note % 12].map { "\($0)\(note / 12 - 1)" }
}

/// `score`'s voices moved by octaves onto `bank` where it names pitches the bank lacks, as a
/// MIDI file's parts are (`midi`'s octave placement and out-of-range handling); `nil` when
/// every tap names one of the bank's titles. A tap the bank cannot play at all is an error at
/// its line, as an unknown key is.
func placedVoices(
  _ score: Score, bank: any SampleBank, midi: MIDIChoices, bytes: [UInt8], name: String
) throws(RenderError) -> ScoreVoicePlacement? {
  let mapping = NoteMapping(
    keys: keyNotes(bank.titles),
    outOfRange: NoteMapping.OutOfRange(rawValue: midi.outOfRange.rawValue) ?? .fold,
    octaves: NoteMapping.OctavePlacement(rawValue: midi.octaves.rawValue) ?? .part)
  guard let placed = placeVoices(of: score, mapping: mapping) else { return nil }
  guard placed.refused.isEmpty else {
    let diagnostics = placed.refused.prefix(20).map { tap in
      Diagnostic(
        .error, line: tap.line, column: tap.column, length: tap.key.count,
        message: midiNote(ofTitle: tap.key).map { note in
          bank.titles.contains { midiNote(ofTitle: $0).map { ($0 - note) % 12 == 0 } ?? false }
        } == true
          ? "key '\(displayText(tap.key))' is outside the bank's range; --out-of-range fold moves it by octaves"
          : "key '\(displayText(tap.key))' has no bar in the bank at any octave")
    }
    throw .score(
      path: name, diagnostics: Array(diagnostics),
      sourceLines: sourceLines(bytes, numbers: Set(diagnostics.map(\.line))))
  }
  return placed
}
