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
    self.plan = plan
    var envelopes: [[Float]] = []
    var peakFrames: [Int] = []
    for sample in plan.samples.indices {
      let (envelope, peakFrame) = Self.envelope(plan, sample: sample)
      envelopes.append(envelope)
      peakFrames.append(peakFrame)
    }
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

  /// Sample `sample`'s envelope by blocks (a 0 after its last sounding frame) and the frame of
  /// its peak.
  private static func envelope(_ plan: MixPlan, sample: Int) -> ([Float], Int) {
    let frames = Int(plan.soundingFrameCounts[sample])
    let stored = plan.storedChannels[sample]
    let planeLength = plan.planeLengths[sample]
    let blocks = (frames + blockFrames - 1) / blockFrames
    var envelope = [Float](repeating: 0, count: blocks + 1)
    var largest: Float = 0
    var peakFrame = 0
    func magnitude(_ read: (Int) -> Float) {
      var frame = frames - 1
      while frame >= 0 {
        for channel in 0..<stored {
          let value = abs(read(channel * planeLength + frame))
          // >= keeps the first frame among equal peaks, walking backwards.
          if value >= largest, value > 0 { (largest, peakFrame) = (value, frame) }
        }
        if frame % blockFrames == 0 { envelope[frame / blockFrames] = largest }
        frame -= 1
      }
    }
    switch plan.bases[sample] {
    case .int16(let values):
      let step = plan.sixteenBitStep
      magnitude { Float(values[$0]) * step }
    case .float(let values):
      magnitude { values[$0] }
    }
    return (envelope, peakFrame)
  }
}
