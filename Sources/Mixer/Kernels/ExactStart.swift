/// A block's first voices summed as integers: in steps of 2^-15, 16-bit values are whole
/// numbers, and so is every sum of a few of them, exactly, in any order.

extension MixRenderer {
  /// Starts the block's sums in `plane`: at zero, or, in a block summed in steps of 2^-15,
  /// with the leading voices (before `sharedEnd`) that keep one 16-bit value for every channel,
  /// as far as the first that does not. Returns the position of the first active voice not
  /// added.
  ///
  /// At most `MixScratch.passCapacity` (32) such voices, each value at most 2^15 in size, sum
  /// to less than 2^24: every partial sum is a float exactly, whatever the order, so summing
  /// them as integers and adding a voice that covers only part of the block afterwards gives
  /// the bits of adding them one by one in order.
  func startSums(
    _ block: (start: Int64, end: Int64), sharedEnd: Int, in plane: UnsafeMutablePointer<Float>,
    frameCount: Int
  ) -> Int {
    guard scale == .sixteenBitSteps else {
      plane.update(repeating: 0, count: frameCount)
      return 0
    }
    var end = 0
    var whole = 0
    var partial = false
    while end < min(sharedEnd, MixScratch.passCapacity) {
      let voice = voices[active[end]]
      guard case .int16 = plan.bases[voice.sampleIndex] else { break }
      if voice.startFrame <= block.start && plan.mixEnd(of: voice) >= block.end,
        case .int16(let values) = source(of: voice, from: block.start, channels: 1).values
      {
        scratch.int16Values[whole] = values
        whole += 1
      } else {
        partial = true
      }
      end += 1
    }
    sumWholeNumbers(
      UnsafeBufferPointer(start: scratch.int16Values, count: whole), into: plane,
      frameCount: frameCount)
    if partial {
      for position in 0..<end {
        let voice = voices[active[position]]
        guard voice.startFrame > block.start || plan.mixEnd(of: voice) < block.end else {
          continue
        }
        addVoice(at: position, block: block, into: Sums(left: plane))
      }
    }
    return end
  }
}

/// Writes to `out` the sums of 16-bit `sources` over `frameCount` frames, added as 32-bit
/// integers thirty-two frames at a time in registers and converted once; the caller makes
/// sure each sum is below 2^24, so that the conversion is exact.
func sumWholeNumbers(
  _ sources: UnsafeBufferPointer<UnsafePointer<Int16>>, into out: UnsafeMutablePointer<Float>,
  frameCount: Int
) {
  var frame = 0
  while frame + 32 <= frameCount {
    var (sum0, sum1) = (SIMD16<Int32>(), SIMD16<Int32>())
    for source in sources {
      sum0 &+= widened(source + frame)
      sum1 &+= widened(source + frame + 16)
    }
    store(floats(sum0), at: out + frame)
    store(floats(sum1), at: out + frame + 16)
    frame += 32
  }
  while frame < frameCount {
    var sum: Int32 = 0
    for source in sources { sum &+= Int32(source[frame]) }
    out[frame] = Float(sum)
    frame += 1
  }
}
