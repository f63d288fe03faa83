import AudioBasics

/// Where the mixer reads a voice's values, and the gain it scales them by.
extension MixRenderer {
  /// A voice's values from `frame` on, with the gain that applies to them as stored.
  struct Source {
    enum Values {
      case int16(UnsafePointer<Int16>)
      case float(UnsafePointer<Float>)
    }

    var values: Values
    var gain: Float
    /// 16-bit values added as they are, in a block summed in steps of 2^-15 (gain 1).
    var isUnscaled = false
    /// One stored value a frame feeds every channel (see `SampleBuffer`).
    var isShared: Bool
    /// How far the right channel's values are from the left's, for a stereo source.
    var planeLength: Int

    /// Whether two sources can be summed in one pass: stored alike.
    func isStored(like other: Source) -> Bool {
      switch (values, other.values) {
      case (.int16, .int16), (.float, .float): isShared == other.isShared
      default: false
      }
    }
  }

  /// `voice`'s source for output frames of `channels` values.
  func source(of voice: Voice, from frame: Int64, channels: Int) -> Source {
    let stored = plan.storedChannels[voice.sampleIndex]
    let planeLength = plan.planeLengths[voice.sampleIndex]
    let offset = Int(frame - voice.startFrame)
    switch plan.bases[voice.sampleIndex] {
    case .int16(let base) where scale == .sixteenBitSteps:
      return Source(
        values: .int16(UnsafePointer(base + offset)), gain: 1, isUnscaled: true,
        isShared: stored != channels, planeLength: planeLength)
    case .float(let base) where scale == .sixteenBitSteps:
      // In steps of 2^-15, a float value counts 2^15 times as many: exactly, a power of two.
      return Source(
        values: .float(UnsafePointer(base + offset)), gain: voice.gain * sixteenBitScale,
        isShared: stored != channels, planeLength: planeLength)
    case .int16(let base):
      // v / 32768 * gain is exactly v * (gain * 2^-15): scaling by 2^-15 is exact.
      return Source(
        values: .int16(UnsafePointer(base + offset)), gain: voice.gain * plan.sixteenBitStep,
        isShared: stored != channels, planeLength: planeLength)
    case .float(let base):
      return Source(
        values: .float(UnsafePointer(base + offset)), gain: voice.gain,
        isShared: stored != channels, planeLength: planeLength)
    }
  }
}
