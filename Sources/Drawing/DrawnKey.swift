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
  /// (`Bb4`): exactly the notes played, one bar each, so every bar on screen is struck
  /// (`XylophoneLayout` leaves room where a sharp's neighbours are missing). Empty for none.
  public static func xylophone(playing notes: some Sequence<Int>, names: [Int: String] = [:])
    -> [DrawnKey]
  {
    Set(notes).sorted().map { DrawnKey(title: names[$0] ?? NoteName.name(of: $0), midiNote: $0) }
  }
}
