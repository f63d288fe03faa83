import AudioBasics
import Drawing
import Rendering
import SampleBank

/// The bars a video draws, how they are arranged, and the bar each of the plan's samples
/// strikes. A song whose every key is one of the app's (C…B and HighC, by pitch: `C6` is `C`)
/// is drawn as the app's buttons: its seven keys C…B always, HighC when played, titled as the
/// app titles them. Any other song is drawn as a xylophone of exactly the keys it plays
/// (`DrawnKey.xylophone(playing:)`), labelled by scientific pitch as the song spells it (`Bb4`
/// where its taps name it so), so no bar is on screen that the song never strikes. A title
/// without a pitch (`kick_2` in a folder bank) has no bar.
func instrumentKeys(_ plan: RenderPlan) -> (
  keys: [DrawnKey], arrangement: KeyArrangement, barOfSample: [Int?]
) {
  let played = Set(plan.keys.compactMap(midiNote(ofTitle:)))
  let appNotes = AppKeys.titles.compactMap(midiNote(ofTitle:))
  let keys: [DrawnKey]
  let arrangement: KeyArrangement
  if played.isSubset(of: appNotes) {
    keys = zip(AppKeys.titles, appNotes).filter { title, note in
      title != AppKeys.titles.last || played.contains(note)
    }.map { DrawnKey(title: $0, midiNote: $1) }
    arrangement = .buttons
  } else {
    var spelled: [Int: String] = [:]
    for title in plan.keys {
      guard let note = NoteName.note(named: title), spelled[note] == nil else { continue }
      spelled[note] = title
    }
    keys = DrawnKey.xylophone(playing: played, names: spelled)
    arrangement = .xylophone
  }
  let barOfNote = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1.midiNote, $0) })
  return (keys, arrangement, plan.keys.map { midiNote(ofTitle: $0).flatMap { barOfNote[$0] } })
}
