#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Converts between decibels and linear amplitude factors: the one place the tool does so.
public enum Decibels {
  /// The amplitude factor of `decibels`: 0 dB is 1, -6.02 dB is about 0.5.
  public static func linear(_ decibels: Double) -> Double {
    pow(10, decibels / 20)
  }

  /// The decibels of an amplitude factor: 1 is 0 dB; 0 is -infinity.
  public static func of(_ linear: Double) -> Double {
    20 * log10(linear)
  }
}
