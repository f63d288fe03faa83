import AudioBasics
import Rendering

/// What a ringtone render made.
public struct RingtoneSummary: Sendable {
  public var rate: Int
  public var channels: Int
  public var frameCount: Int64
  public var loops: Bool
  /// Where the song was cut to fit, in seconds; `nil` when it fit whole.
  public var cutAt: Rational?
  /// The song's taps, and those the ringtone plays (the cut drops the rest).
  public var songTapCount = 0
  public var keptTapCount = 0
  /// Taps of the kept song struck on a key already struck on the same frame: each bar sounds
  /// once, at its strongest tap.
  public var mergedUnisons = 0
  public var loudness: LoudnessResult?
  public var clippedCount: Int64
  /// How much quieter (dB) a phone's file was encoded again because the codec had lifted its
  /// true peak over the ceiling; 0 when the first encoding held it. `loudness` is then what
  /// the file itself measures.
  public var codecReduction = 0.0
}
