import AudioBasics

/// Where the instrument's bars go on a frame: stacked from the top, lowest pitch first as the
/// app stacks C above B, each centred and shorter than the one before, as a xylophone's bars
/// shorten with pitch. Sharps are thinner bars between their neighbours.
struct InstrumentLayout: Equatable, Sendable {
  /// One rectangle per key, in the order of the keys given.
  var bars: [Rect]
  /// The title's baseline, centred; `nil` without a title.
  var titleBaseline: Point?
  var titleSize: Double
  /// The label size of a natural key; a sharp's is smaller.
  var labelSize: Double

  /// How much shorter each semitone makes a bar: an octave takes 22% off (the app's seven
  /// buttons narrow by 20% from C to B).
  static let octaveShortening = 0.78
  /// A sharp's thickness and the gap between bars, as fractions of a natural bar's.
  static let sharpThickness = 0.55
  static let gap = 0.16

  init(keys: [DrawnKey], width: Int, height: Int, hasTitle: Bool) {
    let (width, height) = (Double(width), Double(height))
    let top = hasTitle ? 0.15 * height : 0.06 * height
    let available = height - top - 0.06 * height
    let units =
      keys.reduce(0) { $0 + ($1.isSharp ? Self.sharpThickness : 1) }
      + Self.gap * Double(max(0, keys.count - 1))
    // A few keys do not make fat slabs: at most a sixth of the frame each.
    let natural = min(available / max(units, 1), height / 6)
    var y = top + (available - natural * units) / 2
    let lowest = keys.map(\.midiNote).min() ?? 0
    let longest = 0.88 * width
    bars = keys.map { key in
      let thickness = natural * (key.isSharp ? Self.sharpThickness : 1)
      let octaves = Double(key.midiNote - lowest) / 12
      let length = longest * ExactMath.power(Self.octaveShortening, over: 1, exponent: octaves)
      defer { y += thickness + natural * Self.gap }
      return Rect(x: (width - length) / 2, y: y, width: length, height: thickness)
    }
    titleSize = 0.055 * height
    titleBaseline = hasTitle ? Point(x: width / 2, y: 0.095 * height) : nil
    labelSize = 0.42 * natural
  }
}
