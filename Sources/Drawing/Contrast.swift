import AudioBasics

/// WCAG 2.x contrast between colours as they are displayed: the one place it is computed.
public enum Contrast {
  /// The least contrast ratio WCAG 2.x (success criterion 1.4.3, level AA) allows for text.
  public static let minimumForText = 4.5

  /// The contrast ratio of two opaque colours written `0xRRGGBB`, from 1 (the same
  /// luminance) to 21 (black and white), whichever is lighter.
  public static func ratio(_ first: UInt32, _ second: UInt32) -> Double {
    Colour(hex: first).contrastRatio(with: Colour(hex: second))
  }
}

extension Colour {
  /// WCAG 2.x relative luminance of the colour as displayed (its alpha ignored): the sRGB
  /// components made linear and weighted, 0 for black to 1 for white. (The linear segment
  /// ends at 0.04045, sRGB's; WCAG's older 0.03928 gives the same for every 8-bit value.)
  var relativeLuminance: Double {
    let linear = Self.linear
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// An sRGB component (0...1) made linear, as relative luminance weighs it.
  static func linear(_ component: Double) -> Double {
    component <= 0.04045
      ? component / 12.92 : ExactMath.power(component + 0.055, over: 1.055, exponent: 2.4)
  }

  /// WCAG 2.x contrast ratio with `other`: (lighter + 0.05) / (darker + 0.05), 1 to 21.
  func contrastRatio(with other: Colour) -> Double {
    let (first, second) = (relativeLuminance, other.relativeLuminance)
    return (max(first, second) + 0.05) / (min(first, second) + 0.05)
  }

  /// The opaque colour shown where this colour is laid at `alpha` over `background`, as Cairo
  /// composites it (OVER, in sRGB values).
  func composited(alpha: Double, over background: Colour) -> Colour {
    Colour(
      red: red * alpha + background.red * (1 - alpha),
      green: green * alpha + background.green * (1 - alpha),
      blue: blue * alpha + background.blue * (1 - alpha))
  }

  /// The colour as `0xRRGGBB`, each component rounded to 8 bits.
  var hex: UInt32 {
    [red, green, blue].reduce(0) { $0 << 8 | UInt32((min(max($1, 0), 1) * 255).rounded()) }
  }
}
