import AudioBasics

/// How loud a plan's mix can still get from any frame on, bounded from its voices without
/// mixing: where an output that ends once the sound has decayed (`--tail auto`) ends.
///
/// Each sample's envelope is the largest magnitude (any channel) from each point of it on, kept
/// per block of `blockFrames`; at frame f the mix is at most the sum, over the voices still to
/// sound, of gain × envelope from f on. That sum never grows with f (a voice not started yet
/// counts at its peak), so the first frame where it falls below a threshold is found by
/// bisection, and the real mix, whatever cancels in it, stays below from there on. Plain
/// arithmetic in a fixed order: the same frame on every machine.
public struct DecayBound: Sendable {
  /// Frames per envelope step: the bound is exact to within this many frames of each voice.
  public static let blockFrames = 64

  private let plan: MixPlan
  /// Per sample: the largest magnitude from block b's first frame on, then a 0.
  private let envelopes: [[Float]]
  /// Per sample: the frame of its largest magnitude (the first, on ties).
  private let peakFrames: [Int]
  /// Per voice, in plan order: the sum of gain × peak of it and every voice after it.
  private let laterPeaks: [Double]

  public init(plan: MixPlan) {
    self.init(plan: plan, envelopes: plan.samples.map(Self.envelope(of:)))
  }

  /// The bound of `plan` from its samples' envelopes (`envelope(of:)`, in the samples' order),
  /// which loading threads may have made beside the samples.
  package init(plan: MixPlan, envelopes made: [SampleEnvelope]) {
    precondition(made.count == plan.samples.count, "an envelope a sample")
    self.plan = plan
    let envelopes = made.map(\.levels)
    let peakFrames = made.map(\.peakFrame)
    self.envelopes = envelopes
    self.peakFrames = peakFrames
    var sums = [Double](repeating: 0, count: plan.voices.count + 1)
    for index in plan.voices.indices.reversed() {
      let voice = plan.voices[index]
      sums[index] =
        sums[index + 1] + Double(abs(voice.gain)) * Double(envelopes[voice.sampleIndex][0])
    }
    laterPeaks = sums
  }

  /// The frame where the loudest voice (gain × its sample's peak) peaks; `nil` without voices
  /// or when every one is silent. The mix there shows how loud the whole song is at least.
  public var loudestFrame: Int64? {
    var best: (level: Double, frame: Int64)?
    for voice in plan.voices {
      let level = Double(abs(voice.gain)) * Double(envelopes[voice.sampleIndex][0])
      let frame = voice.startFrame + Int64(peakFrames[voice.sampleIndex])
      if level > (best?.level ?? 0), frame < plan.mixEnd(of: voice) { best = (level, frame) }
    }
    return best?.frame
  }

  /// The first frame from which the mix times `gain` (linear) stays below `threshold` (linear)
  /// in every channel: at most the frame after the last one any voice sounds in.
  public func end(gain: Double, threshold: Double) -> Int64 {
    var low: Int64 = 0
    var high = plan.voices.reduce(0) { max($0, plan.mixEnd(of: $1)) }
    // The bound falls as the frame grows: the first frame under the threshold, by bisection.
    while low < high {
      let middle = low + (high - low) / 2
      if bound(at: middle) * gain < threshold { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The most the mix can be in any channel at `frame` or after it.
  func bound(at frame: Int64) -> Double {
    let voices = plan.voices
    var (low, high) = (0, voices.count)
    while low < high {
      let middle = (low + high) / 2
      if voices[middle].startFrame < frame { low = middle + 1 } else { high = middle }
    }
    var sum = laterPeaks[low]
    var index = plan.firstVoice(soundingAt: frame)
    while index < low {
      let voice = voices[index]
      if plan.mixEnd(of: voice) > frame {
        let block = Int((frame - voice.startFrame) / Int64(Self.blockFrames))
        let envelope = envelopes[voice.sampleIndex]
        sum += Double(abs(voice.gain)) * Double(envelope[min(block, envelope.count - 1)])
      }
      index += 1
    }
    return sum
  }

  /// A sample's envelope by blocks (a 0 after its last sounding frame) and the frame of its
  /// peak: each block's largest magnitude, then the largest from each block on. NaNs and
  /// zeros never count, as when the frames were walked one by one from the end.
  package typealias SampleEnvelope = (levels: [Float], peakFrame: Int)

  /// `sample`'s envelope (`SampleEnvelope`).
  package static func envelope(of sample: Sample) -> SampleEnvelope {
    let buffer = sample.buffer
    let frames = buffer.soundingFrameCount
    let planes = (0..<buffer.storedChannels).map { $0 * buffer.planeLength }
    switch buffer.base {
    case .int16(let values):
      return envelope(
        planes: planes, frames: frames, scale: 1 / sixteenBitScale,
        largest: { largestMagnitude(values + $0, $1) }, magnitude: { abs(Float(values[$0])) })
    case .float(let values):
      return envelope(
        planes: planes, frames: frames, scale: 1, largest: { largestMagnitude(values + $0, $1) },
        magnitude: { abs(values[$0]) })
    }
  }

  /// Sample `sample` of `plan`'s envelope.
  package static func envelope(_ plan: MixPlan, sample: Int) -> SampleEnvelope {
    envelope(of: plan.samples[sample])
  }

  /// The envelope of `frames` frames whose channels start at `planes`, each magnitude times
  /// `scale` (exact: a power of two); `largest` gives a plane's largest over a range of frames,
  /// `magnitude` one value's.
  private static func envelope(
    planes: [Int], frames: Int, scale: Float, largest: (_ plane: Int, Range<Int>) -> Float,
    magnitude: (Int) -> Float
  ) -> ([Float], Int) {
    let blocks = (frames + blockFrames - 1) / blockFrames
    var envelope = [Float](repeating: 0, count: blocks + 1)
    for block in 0..<blocks {
      let range = (block * blockFrames)..<min(frames, (block + 1) * blockFrames)
      var blockLargest: Float = 0
      for plane in planes { blockLargest = max(blockLargest, largest(plane, range)) }
      envelope[block] = blockLargest * scale
    }
    let blockPeaks = envelope
    for block in (0..<blocks).reversed() where envelope[block + 1] > envelope[block] {
      envelope[block] = envelope[block + 1]
    }
    let peak = envelope[0]
    guard peak > 0, let block = blockPeaks.firstIndex(of: peak) else { return (envelope, 0) }
    let first = block * blockFrames
    let peakFrame = (first..<min(frames, first + blockFrames)).first { frame in
      planes.contains { magnitude($0 + frame) * scale == peak }
    }
    return (envelope, peakFrame ?? 0)
  }

  /// The largest magnitude of the values in `range` (0 when none is larger), as an integer
  /// maximum, which vectorizes where a floating-point one does not.
  private static func largestMagnitude(_ values: UnsafePointer<Int16>, _ range: Range<Int>)
    -> Float
  {
    var largest: Int32 = 0
    for index in range {
      let magnitude = abs(Int32(values[index]))
      largest = magnitude > largest ? magnitude : largest
    }
    return Float(largest)
  }

  /// The largest magnitude of the values in `range` (0 when none is larger), NaNs left out:
  /// for other floats, |x| orders as its bits without the sign do, an integer maximum; a block
  /// holding a NaN, whose bits order above every number, is walked again comparing floats.
  private static func largestMagnitude(_ values: UnsafePointer<Float>, _ range: Range<Int>)
    -> Float
  {
    var largest: UInt32 = 0
    for index in range {
      let bits = values[index].bitPattern & 0x7FFF_FFFF
      largest = bits > largest ? bits : largest
    }
    guard largest > Float.infinity.bitPattern else { return Float(bitPattern: largest) }
    var number: Float = 0
    for index in range where abs(values[index]) > number { number = abs(values[index]) }
    return number
  }
}
