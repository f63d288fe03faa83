import AudioBasics

/// Everything the mixer needs, fixed before rendering starts: samples, voices in render order,
/// the output's channel count, and the longest voice (so a render can start anywhere quickly).
public struct MixPlan: Sendable {
  public let samples: [Sample]
  public let voices: [Voice]
  public let channels: Int
  /// The most frames any voice sounds for.
  public let longestVoice: Int64
  /// Each sample's values in memory, looked up once here rather than per voice and block.
  let bases: [SampleBuffer.Base]
  /// The gain that turns a stored 16-bit value into its float value.
  let sixteenBitStep: Float
  /// Each sample's frames up to its last sounding one; the rest are zeros the mix skips.
  let soundingFrameCounts: [Int64]
  /// Values each sample stores a frame: 1 for one kept for equal channels.
  let storedChannels: [Int]
  /// How far apart each sample's channel planes are: its frames.
  let planeLengths: [Int]
  /// Whether blocks may be summed in steps of 2^-15 (`MixRenderer.Scale`): no sample holds a
  /// value so large (or not finite) that a sum in those steps could leave the float range
  /// where it would not have.
  let sumsInSteps: Bool

  /// `channels` is 1 or 2, as for every render (stereo sums are held as two planes).
  public init(samples: [Sample], voices: [Voice], channels: Int) {
    precondition(channels == 1 || channels == 2, "the mixer mixes mono or stereo")
    self.samples = samples
    self.voices = voices
    self.channels = channels
    longestVoice = voices.reduce(0) { max($0, $1.endFrame - $1.startFrame) }
    bases = samples.map(\.buffer.base)
    sixteenBitStep = 1 / sixteenBitScale
    soundingFrameCounts = samples.map { Int64($0.buffer.soundingFrameCount) }
    storedChannels = samples.map(\.buffer.storedChannels)
    planeLengths = samples.map(\.buffer.planeLength)
    // In steps, a term is at most 2^15 times a value: below 2^79 here, so even 2^47 voices at
    // once stay below the float range's 2^128.
    sumsInSteps = samples.allSatisfy { $0.buffer.largestMagnitude < 0x1p64 }
  }

  /// Sample `sample`'s value in frame `frame`, channel `channel`, as a float (a 16-bit value
  /// times 2^-15; a value kept once for equal channels serves each of them; others are read
  /// from the channel's plane).
  func value(ofSample sample: Int, frame: Int, channel: Int) -> Float {
    let index = storedChannels[sample] == 1 ? frame : channel * planeLengths[sample] + frame
    return switch bases[sample] {
    case .int16(let values): Float(values[index]) * sixteenBitStep
    case .float(let values): values[index]
    }
  }

  /// The frame after the last one in which `voice` adds something other than zeros: before
  /// `endFrame` when its sample ends in silence.
  func mixEnd(of voice: Voice) -> Int64 {
    min(voice.endFrame, voice.startFrame + soundingFrameCounts[voice.sampleIndex])
  }

  /// The first voice that can still sound at `frame`: none starting before
  /// `frame - longestVoice` can.
  func firstVoice(soundingAt frame: Int64) -> Int {
    let earliest = frame - longestVoice
    var (low, high) = (0, voices.count)
    while low < high {
      let middle = (low + high) / 2
      if voices[middle].startFrame < earliest { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
