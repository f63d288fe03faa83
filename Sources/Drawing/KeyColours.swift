/// A key's colours as a video shows them over one background colour, for a web page to draw
/// the same keyboard: its own colour, and the bar and label as displayed at rest and dimmed.
public struct KeyColours: Equatable, Sendable {
  /// The key's colour, opaque: `KeyboardLook.colour(ofMIDINote:)`.
  public var key: UInt32
  /// At `KeyboardLook.restingAlpha`.
  public var resting: Shown
  /// At `KeyboardLook.dimmedAlpha`, after a tap.
  public var dimmed: Shown

  /// The bar and its label as displayed at one alpha.
  public struct Shown: Equatable, Sendable {
    /// The bar's alpha over the background.
    public var alpha: Double
    /// The bar as displayed: the key's colour laid at `alpha` over the background.
    public var bar: UInt32
    /// The label's colour, laid opaque over the bar: `KeyboardLook.labelColour(onBarShowing:)`.
    public var label: UInt32
    /// The WCAG 2.x contrast ratio of `label` against `bar`.
    public var contrast: Double
  }
}

extension KeyboardLook {
  /// The colours of `key` over a `background` colour (`0xRRGGBB`; the built-in gradient runs
  /// from `backgroundGradient.top` to `.bottom`).
  public static func colours(of key: DrawnKey, over background: UInt32) -> KeyColours {
    let colour = Colour(hex: colour(ofMIDINote: key.midiNote))
    func shown(_ alpha: Double) -> KeyColours.Shown {
      let bar = Colour(hex: colour.composited(alpha: alpha, over: Colour(hex: background)).hex)
      let label = labelColour(on: [bar])
      return KeyColours.Shown(
        alpha: alpha, bar: bar.hex, label: label.hex, contrast: label.contrastRatio(with: bar))
    }
    return KeyColours(key: colour.hex, resting: shown(restingAlpha), dimmed: shown(dimmedAlpha))
  }

  /// A colour as CSS writes it: `cssHex(0xE53935) == "#E53935"`.
  public static func cssHex(_ colour: UInt32) -> String {
    let digits = String(colour & 0xFF_FFFF, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 6 - digits.count) + digits
  }
}

extension KeyboardLook {
  /// The colour a key's title is written in on a light page (the piano roll's, beside its
  /// rows): the key's colour taken 45% of the way to `ink`, or further in steps of 5% until it
  /// keeps `Contrast.minimumForText` against `page`.
  static func titleColour(ofKey colour: Colour, on page: Colour, ink: Colour) -> Colour {
    var fraction = 0.45
    var title = colour.mixed(with: ink, by: fraction)
    while title.contrastRatio(with: page) < Contrast.minimumForText, fraction < 1 {
      fraction = min(fraction + 0.05, 1)
      title = colour.mixed(with: ink, by: fraction)
    }
    return title
  }
}

extension KeyboardLook {
  /// The built-in gradient's colour `fraction` of the way down (0 is the top, 1 the bottom),
  /// each component rounded to 8 bits.
  public static func gradientColour(at fraction: Double) -> UInt32 {
    Colour(hex: backgroundGradient.top).mixed(
      with: Colour(hex: backgroundGradient.bottom), by: min(max(fraction, 0), 1)
    ).hex
  }

  /// The colours of `key` as a page shows it over the built-in gradient, at whatever height the
  /// page lays it: the bar as displayed over the gradient's middle, and the label that keeps
  /// `Contrast.minimumForText` against the bar over each of `rows` evenly spaced rows from the
  /// top to the bottom (`labelColour(onBarShowing:)`); `contrast` is the least over them.
  public static func coloursOverGradient(of key: DrawnKey, rows: Int = 9) -> KeyColours {
    let colour = Colour(hex: colour(ofMIDINote: key.midiNote))
    let backgrounds = (0..<max(rows, 2)).map { row in
      Colour(hex: gradientColour(at: Double(row) / Double(max(rows, 2) - 1)))
    }
    let middle = Colour(hex: gradientColour(at: 0.5))
    func shown(_ alpha: Double) -> KeyColours.Shown {
      let bars = backgrounds.map { Colour(hex: colour.composited(alpha: alpha, over: $0).hex) }
      let label = labelColour(on: bars)
      return KeyColours.Shown(
        alpha: alpha, bar: colour.composited(alpha: alpha, over: middle).hex, label: label.hex,
        contrast: bars.map(label.contrastRatio(with:)).min() ?? 1)
    }
    return KeyColours(key: colour.hex, resting: shown(restingAlpha), dimmed: shown(dimmedAlpha))
  }
}
