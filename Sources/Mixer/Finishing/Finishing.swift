/// What happens to the mix after summing: a gain and a linear fade-out at the end.
public struct Finishing: Sendable, Equatable {
  /// A linear factor; 1 leaves the mix untouched.
  public var gain: Float
  /// The output's length in frames; the fade ends there.
  public var totalFrames: Int64
  /// How many frames before the end the fade-out starts; 0 for none.
  public var fadeOutFrames: Int64

  public init(gain: Float = 1, totalFrames: Int64, fadeOutFrames: Int64 = 0) {
    self.gain = gain
    self.totalFrames = totalFrames
    self.fadeOutFrames = min(fadeOutFrames, totalFrames)
  }

  /// Whether `apply` leaves the `frameCount` frames from frame `position` as they are.
  public func leavesUnchanged(frameCount: Int, at position: Int64) -> Bool {
    gain == 1 && (fadeOutFrames == 0 || position + Int64(frameCount) <= totalFrames - fadeOutFrames)
  }

  /// Applies gain and fade to a block of `channels`-channel frames starting at frame `position`.
  /// Frame `f` of the fade is scaled by `(totalFrames - f) / fadeOutFrames`.
  public func apply(
    to block: UnsafeMutableBufferPointer<Float>, channels: Int, at position: Int64
  ) {
    if gain != 1 {
      for index in block.indices { block[index] *= gain }
    }
    let fadeStart = totalFrames - fadeOutFrames
    let frameCount = block.count / channels
    guard fadeOutFrames > 0, position + Int64(frameCount) > fadeStart else { return }
    for frame in max(0, Int(fadeStart - position))..<frameCount {
      let remaining = Double(totalFrames - (position + Int64(frame)))
      let factor = Float(remaining / Double(fadeOutFrames))
      for channel in 0..<channels { block[frame * channels + channel] *= factor }
    }
  }
}

/// The largest absolute value of a mix and the first frame where it occurs.
public struct PeakMeter: Sendable, Equatable {
  public private(set) var peak: Float = 0
  public private(set) var peakFrame: Int64 = 0

  public init() {}

  /// Measures a block of `channels`-channel frames starting at frame `position`; returns the
  /// block's own largest magnitude (NaN if it holds one).
  @discardableResult
  public mutating func measure(
    _ block: UnsafeBufferPointer<Float>, channels: Int, at position: Int64
  ) -> Float {
    let (largest, group) = largestMagnitude(count: block.count) { block[$0].bitPattern }
    return record(largest, searchingFrom: group, at: position) { index in
      block[index].bitPattern & 0x7FFF_FFFF == largest ? index / channels : nil
    }
  }

  /// `measure` for stereo frames held as left and right planes of values times `1 / factor`
  /// (a power of two): the same peak and frame as measuring the values interleaved, since such
  /// a factor keeps their order. `alongside` is called with each frame's index, in order, in
  /// the same pass, so a caller can convert the frames while they are in registers.
  @discardableResult @inline(__always)
  mutating func measure(
    left: UnsafeBufferPointer<Float>, right: UnsafeBufferPointer<Float>, scaledBy factor: Float,
    at position: Int64, alongside each: (Int) -> Void = { _ in }
  ) -> Float {
    let (largest, group) = largestMagnitude(count: left.count, alongside: each) { frame in
      let leftBits = left[frame].bitPattern & 0x7FFF_FFFF
      let rightBits = right[frame].bitPattern & 0x7FFF_FFFF
      return leftBits > rightBits ? leftBits : rightBits
    }
    return record(largest, scaledBy: factor, searchingFrom: group, at: position) { frame in
      left[frame].bitPattern & 0x7FFF_FFFF == largest
        || right[frame].bitPattern & 0x7FFF_FFFF == largest ? frame : nil
    }
  }

  /// The largest of `count` magnitudes and the start of the first 64-value group holding it.
  /// For finite floats, |x| orders as its bit pattern without the sign does: an integer
  /// maximum, which vectorizes where a floating-point one does not; the group tells where to
  /// look for the peak's index. `each` is called with every index in the same pass.
  @inline(__always)
  private func largestMagnitude(
    count: Int, alongside each: (Int) -> Void = { _ in }, _ bits: (Int) -> UInt32
  ) -> (largest: UInt32, group: Int) {
    var largest: UInt32 = 0
    var largestGroup = 0
    var start = 0
    while start < count {
      let end = min(start + 64, count)
      var groupLargest: UInt32 = 0
      for index in start..<end {
        let magnitude = bits(index) & 0x7FFF_FFFF
        groupLargest = magnitude > groupLargest ? magnitude : groupLargest
        each(index)
      }
      if groupLargest > largest { (largest, largestGroup) = (groupLargest, start) }
      start = end
    }
    return (largest, largestGroup)
  }

  /// Keeps a block's largest magnitude (as bits, times `factor`) when it passes the peak so
  /// far, with the frame `frameHolding` gives for the first index from `group` on that holds
  /// it; returns it.
  @inline(__always)
  private mutating func record(
    _ largest: UInt32, scaledBy factor: Float = 1, searchingFrom group: Int, at position: Int64,
    frameHolding: (Int) -> Int?
  ) -> Float {
    let blockPeak = Float(bitPattern: largest) * factor
    guard blockPeak > peak else { return blockPeak }
    peak = blockPeak
    var index = group
    var frame = frameHolding(index)
    while frame == nil {
      index += 1
      frame = frameHolding(index)
    }
    peakFrame = position + Int64(frame ?? 0)
    return blockPeak
  }

  /// Keeps `blockPeak`, first reached at `frame`, when it passes the peak so far (the caller
  /// looks for the frame only then).
  mutating func keep(_ blockPeak: Float, at frame: Int64) {
    guard blockPeak > peak else { return }
    (peak, peakFrame) = (blockPeak, frame)
  }

  /// Combines the measurement of a later stretch of the same signal.
  public mutating func merge(_ later: PeakMeter) {
    if later.peak > peak {
      peak = later.peak
      peakFrame = later.peakFrame
    }
  }
}
