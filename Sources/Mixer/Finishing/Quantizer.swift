import AudioBasics

/// Converts float mix values to integers: scale by full scale, optional dither, round to nearest
/// (ties to even), clip to the integer range, and count what was clipped.
///
/// Done here rather than by libsndfile, whose own conversion wraps around without clipping and
/// rounds differently for WAV and FLAC; this way every container holds the same values.
public struct Quantizer: Sendable {
  /// The integer width converted to; 24-bit values are delivered in 32-bit integers.
  public let width: IntegerWidth
  public let dither: Dither?
  private let fullScale: Double
  /// Values that fell outside the integer range and were clipped.
  public private(set) var clippedCount: Int64 = 0

  public init(width: IntegerWidth, dither: Dither?) {
    self.width = width
    self.dither = dither
    fullScale = width.fullScale
  }

  /// Converts to 16-bit values; `firstIndex` is the index of `input[0]` in the whole output.
  public mutating func quantize(
    _ input: UnsafeBufferPointer<Float>, firstIndex: Int64,
    into output: UnsafeMutableBufferPointer<Int16>
  ) {
    guard dither == nil, width == .bits16 else {
      for index in 0..<input.count {
        output[index] = Int16(round(input[index], at: firstIndex + Int64(index)))
      }
      return
    }
    clippedCount += Int64(quantizeSixteenBit(input, into: output))
  }

  /// Converts to 16-bit values as `quantize(_:firstIndex:into:)` does, given `peak`, the largest
  /// magnitude in `input`: when it shows that nothing can clip (and nothing is NaN), without
  /// clamping or counting, in two operations a value.
  mutating func quantize(
    _ input: UnsafeBufferPointer<Float>, firstIndex: Int64,
    into output: UnsafeMutableBufferPointer<Int16>, peak: Float
  ) {
    guard convertsUnclipped(peak: peak) else {
      return quantize(input, firstIndex: firstIndex, into: output)
    }
    for index in 0..<input.count {
      output[index] = sixteenBitUnclipped(input[index], fullScale: 32_768)
    }
  }

  /// A stereo frame's 16-bit values, for values that `convertsUnclipped` shows convert
  /// without clamping, as one 32-bit word: left in the low half, which comes first in memory
  /// on a little-endian machine, so interleaving needs no shuffling. `fullScale` makes a
  /// value 2^15 times the one it stands for: 32768 for the values themselves, 1 for sums in
  /// steps of 2^-15.
  @inline(__always)
  static func unclippedStereoFrame(left: Float, right: Float, fullScale: Float) -> UInt32 {
    let low = UInt32(UInt16(bitPattern: sixteenBitUnclipped(left, fullScale: fullScale)))
    let high = UInt32(UInt16(bitPattern: sixteenBitUnclipped(right, fullScale: fullScale)))
    return low | high << 16
  }

  /// `unclippedStereoFrame` for any values: clamped as a plain 16-bit conversion clamps them,
  /// adding the values that clipped to `clipped`.
  @inline(__always)
  static func clampedStereoFrame(
    left: Float, right: Float, fullScale: Float, clipped: inout Int32
  ) -> UInt32 {
    let low = UInt32(
      UInt16(bitPattern: sixteenBitClamped(left, fullScale: fullScale, clipped: &clipped)))
    let high = UInt32(
      UInt16(bitPattern: sixteenBitClamped(right, fullScale: fullScale, clipped: &clipped)))
    return low | high << 16
  }

  /// `clampedStereoFrame` for sixteen frames at once, in vector registers: the same words, and
  /// each lane of `clipped` counts its frame's values that clipped.
  @inline(__always)
  static func clampedStereoFrames(
    left: SIMD16<Float>, right: SIMD16<Float>, fullScale: Float, clipped: inout SIMD16<Int32>
  ) -> SIMD16<UInt32> {
    stereoFrames(
      left: sixteenBitClampedBits(left, fullScale: fullScale, clipped: &clipped),
      right: sixteenBitClampedBits(right, fullScale: fullScale, clipped: &clipped))
  }

  /// Sixteen stereo frames as 32-bit words from the low 16 bits of each lane of `left` and
  /// `right`: left in the low half, which comes first in memory on a little-endian machine.
  @inline(__always)
  static func stereoFrames(left: SIMD16<UInt32>, right: SIMD16<UInt32>) -> SIMD16<UInt32> {
    (left & 0xFFFF) | (right &<< 16)
  }

  /// Counts `count` values clipped by a conversion done outside the quantizer.
  mutating func addClipped(_ count: Int) { clippedCount += Int64(count) }

  /// Whether values whose largest magnitude is `peak` all convert to 16 bits without dither
  /// and without clipping: below 32767.5 / 32768 every value rounds inside the range, and a
  /// NaN peak fails the test.
  func convertsUnclipped(peak: Float) -> Bool {
    convertsPlainSixteenBit && peak < 32_767.5 / 32_768
  }

  /// Whether this quantizer converts to 16 bits without dither, the case with a fast path.
  var convertsPlainSixteenBit: Bool { dither == nil && width == .bits16 }

  /// Converts to 32-bit values; 24-bit values are shifted into the top 24 bits, as libsndfile
  /// expects for 24-bit files.
  public mutating func quantize(
    _ input: UnsafeBufferPointer<Float>, firstIndex: Int64,
    into output: UnsafeMutableBufferPointer<Int32>
  ) {
    let shift: Int32 = width == .bits24 ? 8 : 0
    for index in 0..<input.count {
      output[index] = Int32(round(input[index], at: firstIndex + Int64(index))) << shift
    }
  }

  @inline(__always)
  private mutating func round(_ value: Float, at index: Int64) -> Double {
    var scaled = Double(value) * fullScale
    if let dither { scaled += dither.noise(at: index) }
    // Adding and removing 1.5 * 2^52 rounds to the nearest integer, ties to even, with no
    // library call; exact for |scaled| < 2^51, far beyond the clipping range.
    let magic = 6_755_399_441_055_744.0
    let rounded = (scaled + magic) - magic
    let clipped = min(max(rounded, -fullScale), fullScale - 1)
    if clipped != rounded || scaled.isNaN { clippedCount += 1 }
    return scaled.isNaN ? 0 : clipped
  }
}

/// The common case, 16 bits without dither, in `Float` and without branches so it vectorizes.
///
/// Gives exactly what the `Double` path gives: scaling by 2^15 is exact in either type, and
/// the clamped value, below 2^22, rounds the same through 1.5 * 2^23 as through 1.5 * 2^52,
/// and the integer is read from the sum's bits instead of a conversion that would not vectorize.
/// Returns how many values clipped.
private func quantizeSixteenBit(
  _ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Int16>
) -> Int {
  var clipped: Int32 = 0  // 32-bit lanes vectorize twice as wide as 64-bit ones
  for index in 0..<input.count {
    output[index] = sixteenBitClamped(input[index], fullScale: 32_768, clipped: &clipped)
  }
  return Int(clipped)
}

/// One value as `quantizeSixteenBit` converts it, adding 1 to `clipped` when it clips;
/// `fullScale` as for `Quantizer.unclippedStereoFrame`.
@inline(__always)
private func sixteenBitClamped(_ value: Float, fullScale: Float, clipped: inout Int32) -> Int16 {
  let scaled = value * fullScale
  clipped &+= (scaled >= 32_767.5 ? 1 : 0) &+ (scaled < -32_768.5 ? 1 : 0)
  let high = scaled > 32_767 ? 32_767 : scaled
  let clamped = high < -32_768 ? -32_768 : (high == high ? high : 0)
  // Adding 1.5 * 2^23 rounds to an integer and leaves it in the low mantissa bits.
  let bits = Int32(bitPattern: (clamped + 12_582_912).bitPattern) &- 0x4B40_0000
  return Int16(truncatingIfNeeded: bits)
}

/// `sixteenBitClamped` for sixteen values: the bit patterns whose low 16 bits are the values
/// it gives, adding each value that clips to its lane of `clipped`.
@inline(__always)
private func sixteenBitClampedBits(
  _ values: SIMD16<Float>, fullScale: Float, clipped: inout SIMD16<Int32>
) -> SIMD16<UInt32> {
  let scaled = values * fullScale
  let zeros = SIMD16<Int32>()
  clipped &+= zeros.replacing(with: 1, where: scaled .>= 32_767.5)
  clipped &+= zeros.replacing(with: 1, where: scaled .< -32_768.5)
  let high = scaled.replacing(with: 32_767, where: scaled .> 32_767)
  let numbers = high.replacing(with: 0, where: high .!= high)
  let clamped = numbers.replacing(with: -32_768, where: high .< -32_768)
  return unsafeBitCast(clamped + 12_582_912, to: SIMD16<UInt32>.self)
}

/// `quantizeSixteenBit`'s value for one known to round inside the range: scale, round through
/// 1.5 * 2^23 and keep the low 16 bits of the sum's bit pattern, which hold the integer.
@inline(__always)
private func sixteenBitUnclipped(_ value: Float, fullScale: Float) -> Int16 {
  Int16(truncatingIfNeeded: (value * fullScale + 12_582_912).bitPattern)
}
