import AudioBasics
import Drawing
import Rendering
import SampleBank

/// The bars a video draws, how they are arranged, and the bar each of the plan's samples
/// strikes. A song of at most `KeyboardLook.mostKeysAsButtons` keys (by pitch) is drawn as the
/// app's buttons: its seven keys C…B always, and every key the score plays that names a pitch,
/// lowest first, titles of one pitch (`C` and `C6`) sharing a bar labelled by the first. A song
/// of more keys is drawn as a xylophone of its range (`DrawnKey.xylophone(playing:)`), labelled
/// by scientific pitch as the song spells it (`Bb4` where its taps name it so). A title without
/// a pitch (`kick_2` in a folder bank) has no bar.
func instrumentKeys(_ plan: RenderPlan) -> (
  keys: [DrawnKey], arrangement: KeyArrangement, barOfSample: [Int?]
) {
  let played = Set(plan.keys.compactMap(midiNote(ofTitle:)))
  let keys: [DrawnKey]
  let arrangement: KeyArrangement
  if played.count > KeyboardLook.mostKeysAsButtons {
    var spelled: [Int: String] = [:]
    for title in plan.keys {
      guard let note = NoteName.note(named: title), spelled[note] == nil else { continue }
      spelled[note] = title
    }
    keys = DrawnKey.xylophone(playing: played, names: spelled)
    arrangement = .xylophone
  } else {
    var byNote: [Int: String] = [:]
    for title in AppKeys.titles.prefix(7) + plan.keys {
      guard let note = midiNote(ofTitle: title), byNote[note] == nil else { continue }
      byNote[note] = title
    }
    keys = byNote.keys.sorted().compactMap { note in
      byNote[note].map { DrawnKey(title: $0, midiNote: note) }
    }
    arrangement = .buttons
  }
  let barOfNote = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1.midiNote, $0) })
  return (keys, arrangement, plan.keys.map { midiNote(ofTitle: $0).flatMap { barOfNote[$0] } })
}
