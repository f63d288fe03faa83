/// SplitMix64: a tiny seeded generator, the same numbers on every machine. The built-in bank's
/// mallet noise and the dither both draw from it, so there is one generator to trust.
package struct SplitMix64: Sendable {
  /// The golden-ratio increment between consecutive states.
  static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= Self.gamma
    return Self.mix(state)
  }

  /// A uniform value in [-1, 1).
  package mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1p-52 - 1
  }

  /// The value the generator seeded with `seed` gives for `counter` without stepping through
  /// the ones before it (`next()` returns counter 1, 2, ...), so any thread or block can draw
  /// the value for its own position.
  @inline(__always)
  package static func value(seed: UInt64, counter: UInt64) -> UInt64 {
    mix(seed &+ counter &* gamma)
  }

  @inline(__always)
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
