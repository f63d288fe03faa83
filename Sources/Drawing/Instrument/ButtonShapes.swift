/// A button of the app's keyboard as proportions, for a page that lays the keyboard out at any
/// size: the numbers the video's layout (`InstrumentLayout`) uses.
public struct ButtonShape: Equatable, Sendable {
  /// The bar's length as a fraction of the keyboard's width: `KeyboardLook.longestButton` for
  /// the lowest key, each semitone above it shorter (22% an octave).
  public var length: Double
  /// The bar's thickness in naturals' thicknesses: 1, or less for a sharp.
  public var thickness: Double
  /// The label's size in naturals' thicknesses.
  public var labelSize: Double
}

extension KeyboardLook {
  /// The lowest button's length, as a fraction of the keyboard's width.
  public static let longestButton = InstrumentLayout.longestButton
  /// The gap between two buttons, in naturals' thicknesses.
  public static let buttonGap = InstrumentLayout.gap
  /// The gap between a xylophone's neighbouring naturals, as a fraction of their spacing: a
  /// bar is `1 - xylophoneBarGap` of its room along the row.
  public static let xylophoneBarGap = XylophoneLayout.barGap

  /// The buttons of `keys` as the app stacks them (lowest first, at the top), each centred.
  public static func buttonShapes(of keys: [DrawnKey]) -> [ButtonShape] {
    let lowest = keys.map(\.midiNote).min() ?? 0
    return keys.map { key in
      ButtonShape(
        length: InstrumentLayout.longestButton
          * InstrumentLayout.shortening(semitones: key.midiNote - lowest),
        thickness: key.isSharp ? InstrumentLayout.sharpThickness : 1,
        labelSize: InstrumentLayout.buttonLabelSize
          * (key.isSharp ? InstrumentLayout.sharpLabelScale : 1))
    }
  }
}
