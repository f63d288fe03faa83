/// The integer sample widths audio files store, and what a float 1.0 is in each.
public enum IntegerWidth: Int, Sendable, CaseIterable {
  case bits16 = 16
  case bits24 = 24
  case bits32 = 32

  /// The integer step count of a float 1.0: 2^(bits-1). A value v of this width means
  /// v / fullScale.
  public var fullScale: Double {
    switch self {
    case .bits16: 32_768
    case .bits24: 8_388_608
    case .bits32: 2_147_483_648
    }
  }
}
