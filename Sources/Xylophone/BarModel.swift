/// A physical model of a struck xylophone bar, as a sum of exponentially decaying modes.
///
/// A free bar's modes sit at 1 : 2.76 : 5.40 : 8.93 times its fundamental; a xylophone bar is
/// undercut so its first overtone lands on exactly 3 times the fundamental (a twelfth above),
/// leaving the higher modes inharmonic. Decay: the bars radiate and lose more per cycle the
/// higher they are, so ring time falls with pitch; each higher mode dies faster than the one
/// below. The mallet adds a short, bright, noisy contact transient.
struct BarModel {
  /// One vibration mode, relative to the fundamental.
  struct Mode {
    var ratio: Double
    var amplitude: Double
    /// Ring time of this mode relative to the fundamental's.
    var decayScale: Double
  }

  static let modes = [
    Mode(ratio: 1.0, amplitude: 1.0, decayScale: 1.0),
    Mode(ratio: 3.0, amplitude: 0.30, decayScale: 0.45),  // the tuned overtone
    Mode(ratio: 6.55, amplitude: 0.10, decayScale: 0.25),
    Mode(ratio: 10.9, amplitude: 0.045, decayScale: 0.16),
    Mode(ratio: 16.2, amplitude: 0.02, decayScale: 0.11),
  ]

  /// Ring time (to -60 dB) of the fundamental: 2 s at F4 (349 Hz), falling as
  /// (349.2 / f)^0.84, to about 0.8 s at C6 and 0.25 s at C8.
  static func ringSeconds(frequency: Double) -> Double {
    // (349.2 / f)^0.84 as e^(0.84 ln(349.2 / f)), from the series: the ratio is within
    // [1/12, 1], so its log is taken by repeated square roots (basic arithmetic only).
    2.0 * ExactMath.power(349.228231433, over: frequency, exponent: 0.84)
  }

  /// Mallet transient: noise decaying with this time constant, at this level.
  static let malletSeconds = 0.0008
  static let malletLevel = 0.12
  /// The mallet's contact time, over which the modes ramp in smoothly.
  static let contactSeconds = 0.0004
  /// Peak level of one tap: about -6 dBFS, like the app's recordings.
  static let peakLevel = 0.5
}
