import AudioBasics

/// A key as pictures and videos draw it: its title and its pitch, which set its colour, its
/// place and (on the instrument) its bar's length.
public struct DrawnKey: Equatable, Sendable {
  /// The title taps name it by: `C`, `HighC`, `F#4`.
  public var title: String
  /// MIDI note number: 60 is C4; the app's C is 84 (C6).
  public var midiNote: Int

  public init(title: String, midiNote: Int) {
    self.title = title
    self.midiNote = midiNote
  }

  /// Whether the key is a sharp (a black key on a piano): drawn narrower, between the others.
  public var isSharp: Bool { KeyboardLook.isSharp(midiNote: midiNote) }

  /// The app's colour for the key's pitch: `KeyboardLook.colour(ofMIDINote:)`.
  var colour: Colour { Colour(hex: KeyboardLook.colour(ofMIDINote: midiNote)) }

  /// The bars of a xylophone playing `notes` (MIDI note numbers), lowest first, titled by
  /// scientific pitch (`C5`, `F#5`), or by `names` where it names a note as the song spells it
  /// (`Bb4`): every natural from the lowest note to the highest, so the instrument is whole,
  /// and the sharps among `notes`. A sharp at either end brings the natural beyond it, so that
  /// every sharp lies between two naturals. Empty for no notes.
  public static func xylophone(playing notes: some Sequence<Int>, names: [Int: String] = [:])
    -> [DrawnKey]
  {
    let played = Set(notes)
    guard var lowest = played.min(), var highest = played.max() else { return [] }
    if KeyboardLook.isSharp(midiNote: lowest) { lowest -= 1 }
    if KeyboardLook.isSharp(midiNote: highest) { highest += 1 }
    return (lowest...highest)
      .filter { !KeyboardLook.isSharp(midiNote: $0) || played.contains($0) }
      .map { DrawnKey(title: names[$0] ?? NoteName.name(of: $0), midiNote: $0) }
  }
}
