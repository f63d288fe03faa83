import AudioBasics
import ScoreParser

/// Something a finished render warns of, as a value; the front end words it.
public enum RenderWarning: Equatable, Sendable {
  /// A WAV too large for 32-bit sizes was written as RF64.
  case wroteRF64
  /// The default voice limit stopped this many voices early.
  case voicesStoppedByLimit(count: Int, limit: Int)
  /// The score has no taps: the output is silence.
  case silence
  /// Values clipped on conversion to integers, or float values past full scale (kept in a
  /// float file); the peak (dBFS) and its frame.
  case clipped(count: Int64, peakDecibels: Double, peakFrame: Int64, keptInFloat: Bool)
  /// A loudness target missed by this many LU: the limiter could not reach it.
  case loudnessMissed(by: Double)
  /// Voices a polyphony limit stopped without a fade while loud.
  case abruptCuts(AbruptCuts)
  /// Taps of a key already struck on the same frame, merged into the strongest.
  case unisonsMerged(count: Int)
  /// Taps the bank has no sample for at their velocity: they are silent.
  case silentTaps(SilentTaps)
}

/// Voices stopped without a fade while louder than -40 dBFS: each leaves an audible step.
public struct AbruptCuts: Equatable, Sendable {
  public var count: Int
  /// The largest step at the output's level (dBFS).
  public var largestStepDecibels: Double
  /// Where the first of them stops.
  public var firstFrame: Int64
}

extension RenderSummary {
  /// What the render warns of, in the order the tool prints them.
  public var warnings: [RenderWarning] {
    var warnings: [RenderWarning] = []
    if format.container != requestedFormat.container { warnings.append(.wroteRF64) }
    if voicesStoppedByLimit > 0 {
      warnings.append(
        .voicesStoppedByLimit(
          count: voicesStoppedByLimit, limit: RenderSettings.defaultVoiceLimit))
    }
    if let loudness, loudness.missedBy >= 0.05 {
      warnings.append(.loudnessMissed(by: loudness.missedBy))
    }
    if voiceCount == 0 { warnings.append(.silence) }
    if let silentTaps { warnings.append(.silentTaps(silentTaps)) }
    if clippedCount > 0 {
      warnings.append(
        .clipped(
          count: clippedCount, peakDecibels: Decibels.of(Double(peak.peak)),
          peakFrame: peak.peakFrame, keptInFloat: format.encoding == .float))
    }
    if let abruptCuts { warnings.append(.abruptCuts(abruptCuts)) }
    if mergedUnisons > 0 { warnings.append(.unisonsMerged(count: mergedUnisons)) }
    return warnings
  }
}
