/// The loudness and peaks of everything a `LoudnessMeter` was fed, as EBU R 128 measures them.
public struct LoudnessMeasurement: Equatable, Sendable {
  /// Integrated (programme) loudness in LUFS, gated as ITU-R BS.1770-4 says: −infinity for
  /// silence, and for audio with no 400 ms block above the −70 LUFS gate (or none at all).
  public let integratedLUFS: Double
  /// Loudness range in LU (EBU Tech 3342): 0 for a steady level, for silence, and for audio
  /// shorter than one 3 s block.
  public let loudnessRangeLU: Double
  /// The highest true (inter-sample) peak of any channel in dBTP: −infinity for silence.
  /// libebur128 oversamples 4× below 96 kHz, 2× below 192 kHz.
  public let truePeakDBTP: Double
  /// The largest absolute sample value of any channel in dBFS (1 is 0 dBFS): −infinity for
  /// silence.
  public let samplePeakDBFS: Double
}
