/// How far a render may be from its golden: a setting, since a score's `options` line may
/// carry it.
public enum GoldenTolerance: Equatable, Sendable {
  /// Differences up to this peak, in dBFS.
  case peak(decibels: Double)
  /// One step of the golden's integer resolution (2^-15 for a 16-bit golden).
  case leastSignificantBit
  /// What a listener hears, for lossy files: integrated loudness within `loudnessLU` and every
  /// 1/3-octave band over 50 ms windows within `bandDecibels`.
  case perceptual(loudnessLU: Double, bandDecibels: Double)

  /// The perceptual bound `--tolerance perceptual` means: 0.5 LU and 3 dB.
  public static let defaultPerceptual = GoldenTolerance.perceptual(
    loudnessLU: 0.5, bandDecibels: 3)
}
