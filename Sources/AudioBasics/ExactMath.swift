/// Sine, cosine and exponential from basic arithmetic only.
///
/// libm's `sin`, `cos` and `exp` may differ in the last bit between platforms; these series use
/// nothing but IEEE addition, multiplication and division (which Swift never fuses), so the
/// built-in bank and every decibel conversion are bit-identical on every machine, in debug and
/// release.
package enum ExactMath {
  /// sin(x) for |x| <= 4, by its Taylor series to 30 terms (error below 1e-16 there).
  package static func sin(_ x: Double) -> Double {
    var term = x
    var sum = x
    let square = x * x
    for n in stride(from: 2, through: 60, by: 2) {
      term = -term * square / Double(n * (n + 1))
      sum += term
    }
    return sum
  }

  /// cos(x) for |x| <= 4, by its Taylor series to 30 terms.
  package static func cos(_ x: Double) -> Double {
    var term = 1.0
    var sum = 1.0
    let square = x * x
    for n in stride(from: 1, through: 59, by: 2) {
      term = -term * square / Double(n * (n + 1))
      sum += term
    }
    return sum
  }

  /// e^x for |x| <= 1/2, by its Taylor series to 25 terms.
  package static func exp(_ x: Double) -> Double {
    var term = 1.0
    var sum = 1.0
    for n in 1...25 {
      term = term * x / Double(n)
      sum += term
    }
    return sum
  }

  /// ln(x) for finite x > 0, with basic arithmetic only: x is taken to within 1e-4 of 1 by
  /// repeated square roots, then the series of atanh gives the rest.
  package static func log(_ x: Double) -> Double {
    guard x > 0, x.isFinite else { return x == 0 ? -.infinity : .nan }
    var value = x
    var scale = 1.0
    while value > 1.0001 || value < 0.9999 {
      value = value.squareRoot()  // IEEE square root is correctly rounded everywhere
      scale *= 2
    }
    let y = (value - 1) / (value + 1)
    var term = y
    var sum = y
    for n in stride(from: 3, through: 21, by: 2) {
      term *= y * y
      sum += term / Double(n)
    }
    return 2 * sum * scale
  }

  /// (numerator / denominator)^exponent, as e^(exponent ln(ratio)).
  package static func power(_ numerator: Double, over denominator: Double, exponent: Double)
    -> Double
  {
    exponential(exponent * log(numerator / denominator))
  }

  /// e^x for any x, taken in steps of 1/2 so each step stays where the series is exact.
  package static func exponential(_ x: Double) -> Double {
    guard x > -750 else { return 0 }  // below the smallest double (and -infinity, NaN: 0)
    guard x < 710 else { return .infinity }
    var remaining = x
    var result = 1.0
    while remaining < -0.5 || remaining > 0.5 {
      let step = remaining < 0 ? -0.5 : 0.5
      result *= exp(step)
      remaining -= step
    }
    return result * exp(remaining)
  }

  /// Rounds to the nearest integer (ties to even) without a library call; |x| < 2^51.
  package static func roundToInteger(_ x: Double) -> Double {
    (x + roundingMagic) - roundingMagic
  }

  /// `roundToInteger` of eight values, lane by lane the same values: the synthesizer rounds
  /// every value of every sample.
  package static func roundToInteger(_ x: SIMD8<Double>) -> SIMD8<Double> {
    let magic = SIMD8<Double>(repeating: roundingMagic)
    return (x + magic) - magic
  }

  /// 1.5 × 2^52: added to a value below 2^51 in magnitude, it leaves no bits below the units.
  private static var roundingMagic: Double { 6_755_399_441_055_744.0 }
}
