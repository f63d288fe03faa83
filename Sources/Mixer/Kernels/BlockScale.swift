extension MixRenderer {
  /// The units a block is summed in.
  ///
  /// As stored: each term is a stored value times its voice's gain, 16-bit values scaled by
  /// 2^-15. In steps of 2^-15, when every voice of the block has gain 1 and none fades in it:
  /// 16-bit values are added as they are and float values times 2^15, and the sums are
  /// multiplied by 2^-15 where they are read. Scaling by a power of two is exact and commutes
  /// with rounding (a sum that falls below the normal range is exact either way), so each sum
  /// then has the same bits as summed as stored, without a multiply for each 16-bit value.
  enum Scale {
    case asStored
    case sixteenBitSteps
  }

  /// The units to sum `block` in: steps of 2^-15 when the plan allows them, every active
  /// voice has gain 1 and none fades before the block ends.
  func scale(for block: (start: Int64, end: Int64)) -> Scale {
    guard plan.sumsInSteps, !active.isEmpty else { return .asStored }
    for index in active {
      let voice = voices[index]
      guard voice.gain == 1, (voice.cutFrame ?? .max) >= block.end else { return .asStored }
    }
    return .sixteenBitSteps
  }

  /// What the sums of a block summed in `scale` are multiplied by to be the mix's values.
  func step(of scale: Scale) -> Float {
    scale == .sixteenBitSteps ? plan.sixteenBitStep : 1
  }
}

/// Multiplies `count` values in place by `factor`.
func multiply(_ values: UnsafeMutablePointer<Float>, count: Int, by factor: Float) {
  for index in 0..<count { values[index] *= factor }
}
