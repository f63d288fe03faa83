import AudioBasics

/// Seeded triangular (TPDF) dither of ±1 step, as a function of the sample value's index, so any
/// block or thread computes the same noise for the same value.
public struct Dither: Sendable, Equatable {
  public let seed: UInt64

  public init(seed: UInt64) {
    self.seed = seed
  }

  /// Noise in (-1, 1) steps for the value at `index`: the difference of two uniform values, each
  /// 32 bits of SplitMix64's output for counter `index`.
  @inline(__always)
  func noise(at index: Int64) -> Double {
    let z = SplitMix64.value(seed: seed, counter: UInt64(bitPattern: index))
    let high = Double(z >> 32) * 0x1p-32
    let low = Double(z & 0xFFFF_FFFF) * 0x1p-32
    return high - low
  }
}
