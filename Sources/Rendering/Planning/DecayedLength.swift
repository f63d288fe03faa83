import AudioBasics
import Mixer

extension RenderPlan {
  /// Where a mix ends once it has decayed (`.untilDecayed`): the first frame from which the
  /// finished output stays below `RenderSettings.decayThresholdDecibels`, by `DecayBound`.
  ///
  /// The finished gain is known for a fixed gain. Normalizing and a loudness target measure it
  /// later, so it is bounded here by the mix where its loudest voice peaks (mixed for that one
  /// frame): the song peaks at least that high, so normalizing scales it by at most the target
  /// over that, and a loudness target (whose limiter turns peaks down at most
  /// `maximumLimiting` dB) by at most the ceiling plus that much over it. A room's tail
  /// follows, as for a natural length.
  /// `envelopes` are the samples' (`DecayBound.envelope(of:)`), made while they were loaded.
  static func decayedFrames(
    of mix: MixPlan, envelopes: [DecayBound.SampleEnvelope], level: RenderSettings.Level
  ) -> Int64 {
    let bound = DecayBound(plan: mix, envelopes: envelopes)
    let threshold = Decibels.linear(RenderSettings.decayThresholdDecibels)
    let gain: Double
    switch level {
    case .gain(let decibels):
      gain = Decibels.linear(decibels)
    case .normalize(let peak):
      guard let loudest = loudestValue(of: mix, at: bound.loudestFrame) else {
        return mixLength(of: mix.voices)
      }
      gain = Decibels.linear(peak) / loudest
    case .loudness(_, let ceiling):
      guard let loudest = loudestValue(of: mix, at: bound.loudestFrame) else {
        return mixLength(of: mix.voices)
      }
      gain = max(1, Decibels.linear(ceiling + maximumLimiting) / loudest)
    }
    return min(bound.end(gain: gain, threshold: threshold), mixLength(of: mix.voices))
  }

  /// The mix's largest magnitude across channels at `frame`; `nil` when there is no such frame
  /// or the mix is silent there.
  private static func loudestValue(of mix: MixPlan, at frame: Int64?) -> Double? {
    guard let frame else { return nil }
    var chunk = RenderedChunk()
    renderChunk(
      mix, range: frame..<(frame + 1), finishing: Finishing(totalFrames: frame + 1),
      encoding: .float, dither: nil, blockFrames: 1, into: &chunk)
    let loudest = chunk.float.reduce(Float(0)) { max($0, abs($1)) }
    return loudest > 0 && loudest.isFinite ? Double(loudest) : nil
  }
}
