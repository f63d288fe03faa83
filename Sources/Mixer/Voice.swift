/// A tap to mix: which sample starts at which output frame, how loud.
public struct MixTap: Equatable, Sendable {
  public var frame: Int64
  public var sampleIndex: Int
  /// A linear factor.
  public var gain: Float

  public init(frame: Int64, sampleIndex: Int, gain: Float) {
    self.frame = frame
    self.sampleIndex = sampleIndex
    self.gain = gain
  }
}

/// A tap as the mixer plays it: its sample from `startFrame`, stopped early if a newer tap
/// took its place under a polyphony limit.
public struct Voice: Equatable, Sendable {
  public var startFrame: Int64
  public var sampleIndex: Int
  public var gain: Float
  /// The frame where the voice starts to stop, if it was cut; it fades out over `fadeFrames`.
  public var cutFrame: Int64?
  public var fadeFrames: Int64
  /// The first frame the voice no longer sounds in.
  public var endFrame: Int64
}

/// Plans the voices of `taps` (in render order), applying a polyphony limit.
///
/// When a tap would make more than `polyphony` voices sound, the oldest sounding one is cut at
/// the tap's frame and fades out linearly over `cutFadeFrames` (0: an abrupt stop, as the app
/// does). A voice being cut no longer counts as sounding.
public func planVoices(
  _ taps: [MixTap], sampleFrameCounts: [Int], polyphony: Int? = nil, cutFadeFrames: Int64 = 0
) -> [Voice] {
  var voices = taps.map { tap in
    Voice(
      startFrame: tap.frame, sampleIndex: tap.sampleIndex, gain: tap.gain, cutFrame: nil,
      fadeFrames: 0, endFrame: tap.frame + Int64(sampleFrameCounts[tap.sampleIndex]))
  }
  guard let polyphony, polyphony > 0 else { return voices }
  var sounding: [Int] = []  // oldest first
  for index in voices.indices {
    let frame = voices[index].startFrame
    sounding.removeAll { voices[$0].endFrame <= frame }
    while sounding.count >= polyphony {
      let oldest = sounding.removeFirst()
      voices[oldest].cutFrame = frame
      voices[oldest].fadeFrames = cutFadeFrames
      voices[oldest].endFrame = min(voices[oldest].endFrame, frame + cutFadeFrames)
    }
    sounding.append(index)
  }
  return voices
}

/// The output length: the frame after the last one any voice sounds in.
public func mixLength(of voices: [Voice]) -> Int64 {
  voices.reduce(0) { max($0, $1.endFrame) }
}
