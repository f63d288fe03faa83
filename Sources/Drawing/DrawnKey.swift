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
  public var isSharp: Bool { [1, 3, 6, 8, 10].contains(midiNote % 12) }

  /// The app's colour for the key's pitch class (C red … B purple); a sharp takes the colour
  /// halfway between its neighbours', darkened a little so it reads as a separate bar.
  var colour: Colour {
    let pitchClass = midiNote % 12
    guard isSharp else { return Palette.keys[Self.naturalIndex[pitchClass]] }
    let below = Palette.keys[Self.naturalIndex[pitchClass - 1]]
    let above = Palette.keys[Self.naturalIndex[pitchClass + 1]]
    return below.mixed(with: above, by: 0.5).mixed(with: Colour(hex: 0x000000), by: 0.25)
  }

  /// The index in `Palette.keys` of each natural pitch class (C = 0 … B = 6); sharps unused.
  private static let naturalIndex = [0, 0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6]
}
