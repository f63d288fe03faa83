import Rendering

/// Renders the first track of a MIDI file an octave up, as FLAC, and says what reading changed.
public func renderMelody(of path: String, to output: String) throws(RenderError) {
  let song = try Song(file: path, midi: MIDIChoices(tracks: [1], transpose: 12))
  for note in song.notes { print("\(path): \(note)") }
  let summary = try song.render(to: .file(output))
  print("\(summary.voiceCount) taps, \(summary.totalFrames) frames")
}
