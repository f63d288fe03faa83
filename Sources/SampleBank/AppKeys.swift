import AudioBasics
import Xylophone

/// The app's keys: seven buttons titled C to B, and the HighC its sound folder also holds.
package enum AppKeys {
  package static let titles = KeyCatalog.appNotes.map(\.0)
}

/// The MIDI note a key title plays: a scientific name (`C#5`, `Db5`) or one of the app's titles
/// (`C` is C6, `HighC` is C7); `nil` for a title that names no pitch (`kick_2`).
public func midiNote(ofTitle title: String) -> Int? {
  NoteName.note(named: title) ?? KeyCatalog.appNotes.first { $0.0 == title }?.1
}

/// Whether two titles strike one bar: the same title, or two names of one pitch (`A#4` and
/// `Bb4`, the app's `C` and `C6`), as a song's spelling may name it either way.
public func nameSameBar(_ first: String, _ second: String) -> Bool {
  first == second || (midiNote(ofTitle: first).map { $0 == midiNote(ofTitle: second) } ?? false)
}
