import ScoreParser

/// MusicXML's numbers read exactly: `decimal` (`91.9998`, `-2`, `.5`) as a `Rational`, never
/// through floating point.
enum MusicXMLNumber {
  /// A decimal with an optional sign, exactly; `nil` for anything else, or one too large.
  static func decimal(_ text: String) -> Rational? {
    var digits = Substring(trimmed(text))
    guard !digits.isEmpty, digits.count <= 40 else { return nil }
    var negative = false
    if let sign = digits.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      digits = digits.dropFirst()
    }
    guard let first = digits.first, first.isASCII, first.isNumber || first == ".",
      !digits.contains("/")
    else { return nil }
    let text = first == "." ? "0" + digits : String(digits)
    guard let value = Rational(parsing: text) else { return nil }
    return negative ? Rational.zero.subtracting(value) : value
  }

  /// A whole number with an optional sign; `nil` for anything else.
  static func integer(_ text: String) -> Int? {
    let value = trimmed(text)
    guard value.count <= 18 else { return nil }
    return Int(value)
  }
}

extension Rational {
  /// The nearest whole number, halves away from zero; `nil` when it does not fit.
  var roundedToInteger: Int? {
    let magnitude = numerator < 0 ? Rational.zero.subtracting(self) : self
    guard let magnitude, let rounded = magnitude.roundedHalfUp(scale: 1) else { return nil }
    return Int(numerator < 0 ? -rounded : rounded)
  }
}
