import Drawing
import Rendering
import SampleBank

/// The bars a video draws and the bar each of the plan's samples strikes: the app's seven
/// keys C…B always, and every key the score plays that names a pitch, lowest first. Titles of
/// one pitch (`C` and `C6`) share a bar, labelled by the first; a title without a pitch
/// (`kick_2` in a folder bank) has no bar.
func instrumentKeys(_ plan: RenderPlan) -> (keys: [DrawnKey], barOfSample: [Int?]) {
  var byNote: [Int: String] = [:]
  for title in AppKeys.titles.prefix(7) + plan.keys {
    guard let note = midiNote(ofTitle: title), byNote[note] == nil else { continue }
    byNote[note] = title
  }
  let keys = byNote.keys.sorted().compactMap { note in
    byNote[note].map { DrawnKey(title: $0, midiNote: note) }
  }
  let barOfNote = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1.midiNote, $0) })
  return (keys, plan.keys.map { midiNote(ofTitle: $0).flatMap { barOfNote[$0] } })
}
