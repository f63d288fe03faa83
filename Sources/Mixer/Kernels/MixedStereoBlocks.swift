import AudioBasics

/// Stereo blocks summed straight to 16-bit frames when some voices are not whole numbers: each
/// tile's sums start as the leading 16-bit voices' integer sums, take the other voices in order
/// in registers, and are measured and converted sixty-four frames at a time.

/// Writes `frameCount` stereo frames to `out`: for each frame, the sum of the 16-bit `prefix`
/// values as an integer, then, in order, the values of `scratch`'s first `count` pass slots
/// added as `addMixedInOrder` adds them, converted to 16 bits with clamping as the planes'
/// conversion does (`Quantizer.clampedStereoFrames`); each sixty-four frames measured into
/// `peak` (frame 0 of `out` is frame `position`; the sums times `step` are the mix's values).
/// Returns how many values clipped.
func writeMixedStereo(
  _ prefix: UnsafeBufferPointer<UnsafePointer<Int16>>, count: Int, scratch: MixScratch,
  frameCount: Int, into out: UnsafeMutablePointer<Int16>, at position: Int64, step: Float,
  peak: inout PeakMeter
) -> Int32 {
  let (left, right) = (scratch.groupSums, scratch.groupSums + 64)
  let fullScale = step * sixteenBitScale
  var clips = SIMD16<Int32>()
  var clipped: Int32 = 0
  UnsafeMutableRawPointer(out).withMemoryRebound(to: UInt32.self, capacity: frameCount) {
    frames in
    var group = 0
    while group < frameCount {
      let groupFrames = min(64, frameCount - group)
      var largest = SIMD16<UInt32>()
      var frame = 0
      while frame + 32 <= groupFrames {
        var (sum0, sum1) = (SIMD16<Int32>(), SIMD16<Int32>())
        for source in prefix {
          prefetchAhead(source + group + frame)
          sum0 &+= widened(source + group + frame)
          sum1 &+= widened(source + group + frame + 16)
        }
        var sums = TwoPlaneTile(both: floats(sum0), floats(sum1))
        sums.add(count: count, scratch: scratch, at: group + frame)
        largest = larger(largest, sums.largestMagnitudeBits)
        let at = UnsafeMutableRawPointer(frames + group + frame)
        at.storeBytes(
          of: Quantizer.clampedStereoFrames(
            left: sums.left0, right: sums.right0, fullScale: fullScale, clipped: &clips),
          as: SIMD16<UInt32>.self)
        (at + 64).storeBytes(
          of: Quantizer.clampedStereoFrames(
            left: sums.left1, right: sums.right1, fullScale: fullScale, clipped: &clips),
          as: SIMD16<UInt32>.self)
        // Kept for `peak` to find the frame of a new peak in.
        sums.store(left: left + frame, right: right + frame)
        frame += 32
      }
      var groupLargest = largestLane(largest)
      while frame < groupFrames {
        var sum: Int32 = 0
        for source in prefix { sum &+= Int32(source[group + frame]) }
        var (leftSum, rightSum) = (Float(sum), Float(sum))
        addSlots(
          count: count, scratch: scratch, at: group + frame, left: &leftSum, right: &rightSum)
        (left[frame], right[frame]) = (leftSum, rightSum)
        groupLargest = max(
          groupLargest, leftSum.bitPattern & 0x7FFF_FFFF, rightSum.bitPattern & 0x7FFF_FFFF)
        frames[group + frame] = Quantizer.clampedStereoFrame(
          left: leftSum, right: rightSum, fullScale: fullScale, clipped: &clipped)
        frame += 1
      }
      // Measured again, with the frame it holds it at, only when it passes the peak so far.
      if Float(bitPattern: groupLargest) * step > peak.peak {
        peak.measure(
          left: UnsafeBufferPointer(start: left, count: groupFrames),
          right: UnsafeBufferPointer(start: right, count: groupFrames), scaledBy: step,
          at: position + Int64(group))
      }
      group += groupFrames
    }
  }
  return clipped &+ clips.wrappedSum()
}

extension TwoPlaneTile {
  /// Each lane's largest magnitude among the tile's four vectors, as the bits of a float
  /// without its sign, which order as the magnitudes do.
  @inline(__always)
  var largestMagnitudeBits: SIMD16<UInt32> {
    larger(
      larger(magnitudeBits(left0), magnitudeBits(right0)),
      larger(magnitudeBits(left1), magnitudeBits(right1)))
  }
}

/// Sixteen floats' bits without their signs.
@inline(__always)
private func magnitudeBits(_ values: SIMD16<Float>) -> SIMD16<UInt32> {
  unsafeBitCast(values, to: SIMD16<UInt32>.self) & 0x7FFF_FFFF
}
