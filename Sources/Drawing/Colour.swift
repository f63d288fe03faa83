/// A colour with straight (not premultiplied) alpha; each component is in 0...1.
struct Colour: Equatable, Sendable {
  var red: Double
  var green: Double
  var blue: Double
  var alpha: Double = 1

  /// The colour written `0xRRGGBB`.
  init(hex: UInt32, alpha: Double = 1) {
    red = Double((hex >> 16) & 0xFF) / 255
    green = Double((hex >> 8) & 0xFF) / 255
    blue = Double(hex & 0xFF) / 255
    self.alpha = alpha
  }

  init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// This colour with another opacity.
  func opacity(_ alpha: Double) -> Colour {
    Colour(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The colour `fraction` of the way from this one to `other` (0 is this one, 1 is `other`).
  func mixed(with other: Colour, by fraction: Double) -> Colour {
    let keep = 1 - fraction
    return Colour(
      red: red * keep + other.red * fraction, green: green * keep + other.green * fraction,
      blue: blue * keep + other.blue * fraction, alpha: alpha * keep + other.alpha * fraction)
  }
}

/// The colours of the picture: the app's keys (C red … B purple) and the neutral greys.
enum Palette {
  /// The seven keys from C to B: red, orange, yellow, green, indigo, blue, purple.
  static let keys: [Colour] = KeyboardLook.keyColours.map { Colour(hex: $0) }

  /// The golden file's waveform: key A.
  static let expected = keys[5]
  /// The render's waveform: key D.
  static let actual = keys[1]
  /// The difference's waveform: key C.
  static let difference = keys[0]
  /// The first-difference marker: key B.
  static let marker = keys[6]

  static let background = Colour(hex: 0xF6F7F9)
  static let panel = Colour(hex: 0xFFFFFF)
  static let panelEdge = Colour(hex: 0xD3D7DE)
  static let grid = Colour(hex: 0xE9ECF0)
  static let zeroLine = Colour(hex: 0xC3C8D0)
  static let missing = Colour(hex: 0xECEEF1)
  static let text = Colour(hex: 0x1F2430)
  static let secondaryText = Colour(hex: 0x667085)
}

/// Colours for levels in decibels: matplotlib's perceptually uniform "inferno" ramp, from
/// near-black at `floor` to pale yellow at `ceiling`.
enum LevelRamp {
  static let floor = -120.0
  static let ceiling = 0.0

  /// Eleven evenly spaced stops of inferno (as in viridisLite's `inferno(11)`).
  private static let stops: [Colour] = [
    0x000004, 0x160B39, 0x420A68, 0x6A176E, 0x932667, 0xBC3754, 0xDD513A, 0xF37819, 0xFCA50A,
    0xF6D746, 0xFCFFA4,
  ].map { Colour(hex: $0) }

  /// The colour of a level in dB, clamped to `floor...ceiling`; NaN and -infinity are `floor`.
  static func colour(decibels: Double) -> Colour {
    guard decibels > floor else { return stops[0] }
    let position = min(decibels, ceiling) - floor
    let scaled = position / (ceiling - floor) * Double(stops.count - 1)
    let index = min(Int(scaled), stops.count - 2)
    return stops[index].mixed(with: stops[index + 1], by: scaled - Double(index))
  }
}
