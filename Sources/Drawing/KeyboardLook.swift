/// The app's keyboard as every output shows it (the video, the piano roll, a web page): key
/// colours (sharps' too), alphas, the dim's length, the font, the labels' colours, the
/// background, and when a song is drawn as a xylophone. One description, so they cannot drift
/// apart. Colours are `0xRRGGBB`; `colours(of:over:)` gives a key's as a page shows them.
public enum KeyboardLook {
  /// The seven keys from C to B as `0xRRGGBB`: red, orange, yellow, green, indigo, blue, purple.
  public static let keyColours: [UInt32] = [
    0xE53935, 0xFB8C00, 0xFDD835, 0x43A047, 0x3949AB, 0x1E88E5, 0x8E24AA,
  ]
  /// A key's alpha at rest, over the background picture.
  public static let restingAlpha = 0.7
  /// A key's alpha while it is dimmed after a tap.
  public static let dimmedAlpha = 0.5
  /// How long a tap dims its key, as a fraction of a second (exact: pictures are decided in
  /// integers): 1/5 s.
  public static let dimSeconds = (numerator: 1, denominator: 5)
  /// The labels' and titles' font (bold), in Debian's base image as `fonts-dejavu-core`.
  public static let fontFamily = "DejaVu Sans"
  /// The built-in background: a dark blue-grey gradient, top to bottom, as `0xRRGGBB`.
  public static let backgroundGradient: (top: UInt32, bottom: UInt32) = (0x293045, 0x0A0D14)
  /// The colours a key's label takes, laid opaque over its bar (not dimmed with it): white, the
  /// app's, where it keeps `Contrast.minimumForText` against the bar as displayed, else black.
  /// One of the two always keeps √21 ≈ 4.58:1 against any opaque colour.
  public static let labelColours: (light: UInt32, dark: UInt32) = (0xFFFFFF, 0x000000)
  /// A bar's corner radius, as a fraction of its shorter side.
  public static let cornerRadius = 0.12
  /// The rails a xylophone's bars rest on: a faint light line, drawn under the bars.
  public static let railColour: (colour: UInt32, alpha: Double) = (0xFFFFFF, 0.16)
  /// The shadow a xylophone's bar casts on the stage below it.
  public static let barShadow: (colour: UInt32, alpha: Double) = (0x000000, 0.35)
  /// The song's title over the keys (bold, `fontFamily`), and its soft shadow, which keeps it
  /// readable over a light background picture.
  public static let titleColour: (colour: UInt32, alpha: Double) = (0xFFFFFF, 0.92)
  public static let titleShadow: (colour: UInt32, alpha: Double) = (0x000000, 0.55)

  /// Whether a MIDI note is a sharp (a black key on a piano): C#, D#, F#, G# or A#.
  public static func isSharp(midiNote: Int) -> Bool {
    [1, 3, 6, 8, 10].contains(pitchClass(midiNote))
  }

  /// The colour of the key playing a MIDI note: a natural's is its pitch class's (C red … B
  /// purple) in every octave; a sharp's is halfway between its neighbours', taken a quarter of
  /// the way to black so it reads as a bar of its own, each component rounded to 8 bits.
  public static func colour(ofMIDINote note: Int) -> UInt32 {
    let pitchClass = pitchClass(note)
    guard isSharp(midiNote: note) else { return keyColours[naturalIndex[pitchClass]] }
    let below = Colour(hex: keyColours[naturalIndex[pitchClass - 1]])
    let above = Colour(hex: keyColours[naturalIndex[pitchClass + 1]])
    return below.mixed(with: above, by: 0.5).mixed(with: Colour(hex: 0x000000), by: 0.25).hex
  }

  /// The label colour for a bar displayed as `shown` (the bar's colour over each pixel of the
  /// background under the label): the first of `labelColours` keeping
  /// `Contrast.minimumForText` against every one, else the one whose least contrast is higher.
  public static func labelColour(onBarShowing shown: [UInt32]) -> UInt32 {
    labelColour(on: shown.map { Colour(hex: $0) }).hex
  }

  static func labelColour(on shown: [Colour]) -> Colour {
    let candidates = [Colour(hex: labelColours.light), Colour(hex: labelColours.dark)]
    let leastContrasts = candidates.map { label in
      shown.map(label.contrastRatio(with:)).min() ?? .infinity
    }
    if let passing = leastContrasts.firstIndex(where: { $0 >= Contrast.minimumForText }) {
      return candidates[passing]
    }
    return leastContrasts[0] >= leastContrasts[1] ? candidates[0] : candidates[1]
  }

  private static func pitchClass(_ note: Int) -> Int { ((note % 12) + 12) % 12 }

  /// The index in `keyColours` of each natural pitch class (C = 0 … B = 6); sharps unused.
  private static let naturalIndex = [0, 0, 1, 1, 2, 3, 3, 4, 4, 5, 5, 6]
}
