/// The kernel of blocks whose voices all keep one 16-bit value for every channel: their sums,
/// whole numbers, clamped and stored as 16-bit frames in registers.

/// What `writeSixteenBit` saw of a block: its largest magnitude, the block frame where the
/// first 64-frame group holding it starts, and how many frames clipped.
struct WholeNumberTally {
  var largest: Int32 = 0
  var largestGroup = 0
  var clipped = 0
}

/// How a 16-bit frame is laid out: one value, or the same value in both channels.
protocol SixteenBitLayout {
  static var channels: Int { get }
  /// Stores sixteen frames, each value known to fit in 16 bits, from `frames`.
  static func store(_ values: SIMD16<Int32>, at frames: UnsafeMutablePointer<Int16>)
}

/// One value a frame.
enum MonoFrames: SixteenBitLayout {
  static var channels: Int { 1 }

  @inline(__always)
  static func store(_ values: SIMD16<Int32>, at frames: UnsafeMutablePointer<Int16>) {
    UnsafeMutableRawPointer(frames).storeBytes(of: narrowed(values), as: SIMD16<Int16>.self)
  }
}

/// Both channels of a frame hold its value: one 32-bit word, the value in each half.
enum StereoFrames: SixteenBitLayout {
  static var channels: Int { 2 }

  @inline(__always)
  static func store(_ values: SIMD16<Int32>, at frames: UnsafeMutablePointer<Int16>) {
    let words = unsafeBitCast(values, to: SIMD16<UInt32>.self)
    UnsafeMutableRawPointer(frames).storeBytes(
      of: Quantizer.stereoFrames(left: words, right: words), as: SIMD16<UInt32>.self)
  }
}

/// Writes the sums of 16-bit `sources` over `frameCount` frames to `out` as 16-bit frames,
/// clamped, thirty-two frames at a time in registers; `tally` keeps the largest magnitude (with
/// the start of its first 64-frame group, counting block frames from `offset`) and the clips.
/// The caller makes sure the sums cannot overflow (at most 32 sources).
func writeSixteenBit<Layout: SixteenBitLayout>(
  _ sources: UnsafeBufferPointer<UnsafePointer<Int16>>, frameCount: Int,
  into out: UnsafeMutablePointer<Int16>, firstFrame offset: Int, tally: inout WholeNumberTally,
  _: Layout.Type
) {
  let (low, high) = (SIMD16<Int32>(repeating: -32_768), SIMD16<Int32>(repeating: 32_767))
  var clips = SIMD16<Int32>()
  var group = 0
  while group < frameCount {
    let groupEnd = min(group + 64, frameCount)
    var largest = SIMD16<Int32>()
    var frame = group
    while frame + 32 <= groupEnd {
      var (sum0, sum1) = (SIMD16<Int32>(), SIMD16<Int32>())
      for source in sources {
        prefetchAhead(source + frame)
        sum0 &+= widened(source + frame)
        sum1 &+= widened(source + frame + 16)
      }
      largest = larger(largest, larger(magnitudes(sum0), magnitudes(sum1)))
      let clamped0 = clamped(sum0, low, high)
      let clamped1 = clamped(sum1, low, high)
      clips &+= SIMD16<Int32>().replacing(with: 1, where: clamped0 .!= sum0)
      clips &+= SIMD16<Int32>().replacing(with: 1, where: clamped1 .!= sum1)
      Layout.store(clamped0, at: out + Layout.channels * frame)
      Layout.store(clamped1, at: out + Layout.channels * (frame + 16))
      frame += 32
    }
    // Most groups do not pass the largest so far, which one comparison of lanes tells.
    var groupLargest =
      any(largest .> SIMD16<Int32>(repeating: tally.largest)) ? largestLane(largest) : 0
    while frame < groupEnd {
      var sum: Int32 = 0
      for source in sources { sum &+= Int32(source[frame]) }
      groupLargest = max(groupLargest, Int32(sum.magnitude))
      let clamped = min(max(sum, -32_768), 32_767)
      clips[0] &+= clamped == sum ? 0 : 1
      for channel in 0..<Layout.channels {
        out[Layout.channels * frame + channel] = Int16(clamped)
      }
      frame += 1
    }
    if groupLargest > tally.largest {
      (tally.largest, tally.largestGroup) = (groupLargest, offset + group)
    }
    group = groupEnd
  }
  tally.clipped += Int(clips.wrappedSum())
}

/// Sixteen integers' magnitudes (none is `Int32.min`).
@inline(__always)
private func magnitudes(_ values: SIMD16<Int32>) -> SIMD16<Int32> {
  larger(values, 0 &- values)
}

/// Each lane held between `low` and `high`.
@inline(__always)
private func clamped(
  _ values: SIMD16<Int32>, _ low: SIMD16<Int32>, _ high: SIMD16<Int32>
) -> SIMD16<Int32> {
  values.replacing(with: high, where: values .> high).replacing(with: low, where: values .< low)
}

/// Sixteen 32-bit integers, each known to fit, as 16-bit ones, lane by lane so that the
/// vectorizer makes one narrowing.
@inline(__always)
private func narrowed(_ values: SIMD16<Int32>) -> SIMD16<Int16> {
  SIMD16<Int16>(
    Int16(truncatingIfNeeded: values[0]), Int16(truncatingIfNeeded: values[1]),
    Int16(truncatingIfNeeded: values[2]), Int16(truncatingIfNeeded: values[3]),
    Int16(truncatingIfNeeded: values[4]), Int16(truncatingIfNeeded: values[5]),
    Int16(truncatingIfNeeded: values[6]), Int16(truncatingIfNeeded: values[7]),
    Int16(truncatingIfNeeded: values[8]), Int16(truncatingIfNeeded: values[9]),
    Int16(truncatingIfNeeded: values[10]), Int16(truncatingIfNeeded: values[11]),
    Int16(truncatingIfNeeded: values[12]), Int16(truncatingIfNeeded: values[13]),
    Int16(truncatingIfNeeded: values[14]), Int16(truncatingIfNeeded: values[15]))
}
