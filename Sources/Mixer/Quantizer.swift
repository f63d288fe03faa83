/// Converts float mix values to integers: scale by full scale, optional dither, round to nearest
/// (ties to even), clip to the integer range, and count what was clipped.
///
/// Done here rather than by libsndfile, whose own conversion wraps around without clipping and
/// rounds differently for WAV and FLAC; this way every container holds the same values.
public struct Quantizer: Sendable {
  /// The integer step count of a float 1.0: 2^(bits-1).
  public let fullScale: Double
  public let dither: Dither?
  /// Values that fell outside the integer range and were clipped.
  public private(set) var clippedCount: Int64 = 0

  public init(fullScale: Double, dither: Dither?) {
    self.fullScale = fullScale
    self.dither = dither
  }

  /// Converts to 16-bit values; `firstIndex` is the index of `input[0]` in the whole output.
  public mutating func quantize(
    _ input: UnsafeBufferPointer<Float>, firstIndex: Int64,
    into output: UnsafeMutableBufferPointer<Int16>
  ) {
    for index in 0..<input.count {
      output[index] = Int16(round(input[index], at: firstIndex + Int64(index)))
    }
  }

  /// Converts to 32-bit values; with a 24-bit full scale the result is shifted into the top
  /// 24 bits, as libsndfile expects for 24-bit files.
  public mutating func quantize(
    _ input: UnsafeBufferPointer<Float>, firstIndex: Int64,
    into output: UnsafeMutableBufferPointer<Int32>
  ) {
    let shift: Int32 = fullScale == 8_388_608 ? 8 : 0
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
