/// Seeded triangular (TPDF) dither of ±1 step, as a function of the sample value's index, so any
/// block or thread computes the same noise for the same value.
public struct Dither: Sendable, Equatable {
  public let seed: UInt64

  public init(seed: UInt64) {
    self.seed = seed
  }

  /// Noise in (-1, 1) steps for the value at `index`: the difference of two uniform values, each
  /// 32 bits of SplitMix64's output for the counter `seed + index * golden gamma`.
  @inline(__always)
  func noise(at index: Int64) -> Double {
    var z = seed &+ UInt64(bitPattern: index) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    let high = Double(z >> 32) * 0x1p-32
    let low = Double(z & 0xFFFF_FFFF) * 0x1p-32
    return high - low
  }
}
