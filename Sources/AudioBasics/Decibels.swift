#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Converts between decibels and linear amplitude factors: the one place the tool does so.
public enum Decibels {
  /// The amplitude factor of `decibels`: 0 dB is 1, -6.02 dB is about 0.5. Bit-identical on
  /// every machine (no libm), so a gain or a strike strength never changes a file's bytes.
  public static func linear(_ decibels: Double) -> Double {
    ExactMath.exponential(decibels / 20 * ln10)
  }

  /// ln(10), as a double.
  static let ln10 = 2.302585092994046

  /// The decibels of an amplitude factor: 1 is 0 dB; 0 is -infinity.
  public static func of(_ linear: Double) -> Double {
    20 * log10(linear)
  }
}
