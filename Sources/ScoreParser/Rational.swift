/// An exact fraction of two 64-bit integers, always in lowest terms with a positive denominator.
///
/// Score times are sums of lengths such as 60/97.5 s; floating point would drift, so every
/// operation is exact and returns `nil` where the result no longer fits, never a wrong value.
public struct Rational: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The numerator, carrying the sign.
  public let numerator: Int64
  /// The denominator, always 1 or more.
  public let denominator: Int64

  public static let zero = Rational(0)
  public static let one = Rational(1)

  /// The whole number `value`.
  public init(_ value: Int64) {
    numerator = value
    denominator = 1
  }

  /// `numerator / denominator` in lowest terms; `nil` when the denominator is 0 or a part overflows.
  public init?(_ numerator: Int64, _ denominator: Int64) {
    guard numerator != .min, denominator != .min else {
      self.init(wide: Int128(numerator), Int128(denominator))
      return
    }
    guard denominator != 0 else { return nil }
    // In 64 bits: negating cannot overflow, and a common divisor leaves both parts smaller.
    var n = numerator
    var d = denominator
    if d < 0 {
      n = -n
      d = -d
    }
    let divisor = Int64(smallGreatestCommonDivisor(n.magnitude, d.magnitude))
    if divisor > 1 {
      n /= divisor
      d /= divisor
    }
    self.init(lowestTerms: n, d)
  }

  /// A fraction already in lowest terms with a positive denominator.
  private init(lowestTerms numerator: Int64, _ denominator: Int64) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// Reduces a fraction held in 128 bits and narrows it; `nil` if it does not fit in 64 bits.
  init?(wide numerator: Int128, _ denominator: Int128) {
    guard denominator != 0 else { return nil }
    var n = numerator
    var d = denominator
    if d < 0 {
      n = -n
      d = -d
    }
    let divisor = greatestCommonDivisor(n.magnitude, d.magnitude)
    if divisor > 1 {
      n /= Int128(divisor)
      d /= Int128(divisor)
    }
    guard let narrowN = Int64(exactly: n), let narrowD = Int64(exactly: d) else { return nil }
    self.numerator = narrowN
    self.denominator = narrowD
  }

  /// The least common multiple of two positive numbers (a common denominator); `nil` when it
  /// overflows.
  public static func leastCommonMultiple(_ a: Int64, _ b: Int64) -> Int64? {
    let divisor = Int64(smallGreatestCommonDivisor(a.magnitude, b.magnitude))
    let (product, overflow) = (a / max(1, divisor)).multipliedReportingOverflow(by: b)
    return overflow ? nil : product
  }

  public var description: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }

  // Each operation first works in 64 bits, where the values of real songs stay, and only
  // when an intermediate overflows there does it again in 128 bits: the same fraction either
  // way, reduced to the same lowest terms, so the result is identical; the 64-bit path avoids
  // the generic 128-bit arithmetic a debug build does not specialise.

  /// The sum, or `nil` on overflow.
  public func adding(_ other: Rational) -> Rational? {
    if denominator == other.denominator {
      let (sum, overflow) = numerator.addingReportingOverflow(other.numerator)
      if !overflow { return Rational(sum, denominator) }
    }
    if let left = product64(numerator, other.denominator),
      let right = product64(other.numerator, denominator),
      let bottom = product64(denominator, other.denominator)
    {
      let (top, overflow) = left.addingReportingOverflow(right)
      if !overflow { return Rational(top, bottom) }
    }
    return Rational(
      wide: Int128(numerator) * Int128(other.denominator) + Int128(other.numerator)
        * Int128(denominator),
      Int128(denominator) * Int128(other.denominator))
  }

  /// The difference, or `nil` on overflow.
  public func subtracting(_ other: Rational) -> Rational? {
    if let left = product64(numerator, other.denominator),
      let right = product64(other.numerator, denominator),
      let bottom = product64(denominator, other.denominator)
    {
      let (top, overflow) = left.subtractingReportingOverflow(right)
      if !overflow { return Rational(top, bottom) }
    }
    return Rational(
      wide: Int128(numerator) * Int128(other.denominator) - Int128(other.numerator)
        * Int128(denominator),
      Int128(denominator) * Int128(other.denominator))
  }

  /// The product, or `nil` on overflow.
  public func multiplied(by other: Rational) -> Rational? {
    if let top = product64(numerator, other.numerator),
      let bottom = product64(denominator, other.denominator)
    {
      return Rational(top, bottom)
    }
    return Rational(
      wide: Int128(numerator) * Int128(other.numerator),
      Int128(denominator) * Int128(other.denominator))
  }

  /// The quotient, or `nil` when `other` is zero or the result overflows.
  public func divided(by other: Rational) -> Rational? {
    if let top = product64(numerator, other.denominator),
      let bottom = product64(denominator, other.numerator)
    {
      return Rational(top, bottom)
    }
    return Rational(
      wide: Int128(numerator) * Int128(other.denominator),
      Int128(denominator) * Int128(other.numerator))
  }

  public static func < (lhs: Rational, rhs: Rational) -> Bool {
    if lhs.denominator == rhs.denominator { return lhs.numerator < rhs.numerator }
    if let left = product64(lhs.numerator, rhs.denominator),
      let right = product64(rhs.numerator, lhs.denominator)
    {
      return left < right
    }
    return Int128(lhs.numerator) * Int128(rhs.denominator) < Int128(rhs.numerator)
      * Int128(lhs.denominator)
  }

  /// `floor(self * scale + 1/2)`: the nearest whole multiple, ties to the later one.
  ///
  /// This is the frame of a time in seconds at `scale` frames per second; `nil` if it overflows.
  public func roundedHalfUp(scale: Int64) -> Int64? {
    let (product, overflow) = Int128(numerator).multipliedReportingOverflow(by: Int128(scale))
    guard !overflow else { return nil }
    let twiceD = Int128(denominator) * 2
    return Int64(exactly: floorDivide(2 * product + Int128(denominator), twiceD))
  }

  /// The value as a decimal with exactly `places` digits after the point, rounded half up.
  public func decimalString(places: Int) -> String {
    var scale: Int64 = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = Int128(numerator) * Int128(scale) * 2 + Int128(denominator)
    let units = floorDivide(scaled, Int128(denominator) * 2)
    let negative = units < 0
    let magnitude = units.magnitude
    let whole = magnitude / UInt128(scale)
    var text = (negative ? "-" : "") + String(whole)
    if places > 0 {
      let fraction = String(magnitude % UInt128(scale))
      text += "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
    return text
  }

  /// The nearest `Double`, for gains and printing; never used for time arithmetic.
  public var doubleValue: Double { Double(numerator) / Double(denominator) }
}

/// `a * b`, or `nil` when it overflows 64 bits.
private func product64(_ a: Int64, _ b: Int64) -> Int64? {
  let (product, overflow) = a.multipliedReportingOverflow(by: b)
  return overflow ? nil : product
}

/// Euclid's algorithm in 64 bits.
private func smallGreatestCommonDivisor(_ a: UInt64, _ b: UInt64) -> UInt64 {
  var (p, q) = (a, b)
  while q != 0 { (p, q) = (q, p % q) }
  return p
}

private func greatestCommonDivisor(_ a: UInt128, _ b: UInt128) -> UInt128 {
  var (x, y) = (a, b)
  if x <= UInt128(UInt64.max) && y <= UInt128(UInt64.max) {
    return UInt128(smallGreatestCommonDivisor(UInt64(x), UInt64(y)))
  }
  while y != 0 { (x, y) = (y, x % y) }
  return x
}

private func floorDivide(_ a: Int128, _ b: Int128) -> Int128 {
  let quotient = a / b
  return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
}

extension Rational {
  /// Parses a decimal (`0.5`) or a fraction (`1/3`) exactly, as the score format writes numbers.
  public init?(parsing text: some StringProtocol) {
    // A whole number of up to 18 digits (MusicXML's durations, divisions, octaves) is read
    // from its bytes: what `parseNumber` gives, without its per-character checks.
    var whole: Int64 = 0
    var digits = 0
    for byte in text.utf8 {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else {
        digits = 0
        break
      }
      whole = whole * 10 + Int64(byte - UInt8(ascii: "0"))
      digits += 1
    }
    if digits > 0 {
      self.init(whole)
      return
    }
    guard case .success(let value) = parseNumber(Substring(text)) else { return nil }
    self = value
  }
}
