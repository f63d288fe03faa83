import AudioBasics

/// A struck rosewood xylophone bar, as a sum of exponentially decaying modes.
///
/// An undercut bar's first overtone is tuned to exactly 3 times the fundamental; its other
/// modes (higher bending, torsional and lateral ones) stay inharmonic and strong in the low
/// register, weaker as bars get shorter. Wood loses more per second the higher a mode is,
/// so every mode's ring time follows one curve of its frequency: the register's damping.
/// Reference: FluidR3's concert xylophone and rosewood's loss factor below C6; from C6 (the
/// app's keys) three recordings, FluidR3, TimGM6mb and freepats (docs/sound.md).
enum BarModel {
  /// One vibration mode: where it sits, how strongly a strike excites it, how long it rings.
  struct Mode: Equatable {
    var ratio: Double
    /// Level relative to the fundamental for a contact short enough to pass it fully.
    var level: Double
    /// Ring time (to -60 dB) when the mode sits at `atFrequency`…
    var ringSeconds: Double
    var atFrequency: Double
    /// …and how fast ring time falls with the mode's frequency: T60 ∝ f^-ringExponent.
    var ringExponent: Double
  }

  /// The modes of FluidR3's xylophone bars (their ratios are the same in every register),
  /// with ring times lengthened by the soundfont's own volume envelope, which shortens them
  /// by 20–25%. The fundamental has two parts (`radiatingShare`).
  static let modes = [
    Mode(ratio: 1.0, level: 1.0, ringSeconds: 0.94, atFrequency: 349.2, ringExponent: 0.35),
    // The overtone a xylophone bar is tuned to.
    Mode(ratio: 3.0, level: 0.37, ringSeconds: 0.34, atFrequency: 1_048, ringExponent: 0.67),
    Mode(ratio: 4.757, level: 0.11, ringSeconds: 0.29, atFrequency: 1_661, ringExponent: 0.9),
    // FluidR3's 5.8× from F4 to B5 (measure-bank.py --registers): -9 and -17 dB re f1.
    Mode(ratio: 5.8, level: 1.3, ringSeconds: 0.33, atFrequency: 2_025, ringExponent: 1.05),
    Mode(ratio: 7.74, level: 0.16, ringSeconds: 0.27, atFrequency: 2_703, ringExponent: 1.0),
    Mode(ratio: 8.44, level: 2.24, ringSeconds: 0.24, atFrequency: 2_948, ringExponent: 1.0),
    Mode(ratio: 10.89, level: 0.92, ringSeconds: 0.21, atFrequency: 3_803, ringExponent: 1.0),
  ]

  /// The share of the fundamental that the resonator under the bar radiates away quickly; the
  /// rest is the bar's own slow ring. FluidR3's fundamental falls 20 dB in the first 0.1–0.2 s,
  /// then at the bar's rate from about -11 dB: the double decay of a bar over a tube. Above C6
  /// the share falls (∝ C6/f), as the recordings' crest factors (9–13 dB over 100 ms) say.
  static func radiatingShare(frequency: Double) -> Double {
    0.72 * aboveC6(frequency, exponent: 1.0)
  }
  /// The radiating part's ring time: 0.4 s at F4, 0.15 s at C6.
  static let radiating = Mode(
    ratio: 1.0, level: 1.0, ringSeconds: 0.4, atFrequency: 349.2, ringExponent: 0.9)

  /// Overtones weaken against the fundamental as bars get shorter (∝ (349.2 / f)^0.5, the
  /// levels above being F4's): FluidR3's 3× falls from -13 dB at F4 to -23 dB at C7. Above C6
  /// the inharmonic modes (above 4×) fall faster, ∝ f^-1.25: the recordings' first 20 ms are
  /// centred at 2.2–4.1 kHz there, while their 3× stays about -42 dB at C7.
  static func overtoneScale(of mode: Mode, fundamental: Double) -> Double {
    ExactMath.power(349.228231433, over: fundamental, exponent: 0.5)
      * aboveC6(fundamental, exponent: mode.ratio > 4 ? 0.75 : -0.6)
  }

  /// (C6 / f)^exponent above C6, 1 below it: how the app's register departs from the curves
  /// fitted lower down.
  static func aboveC6(_ frequency: Double, exponent: Double) -> Double {
    frequency > 1_046.5 ? ExactMath.power(1_046.5, over: frequency, exponent: exponent) : 1
  }

  /// Ring time (to -60 dB) of `mode` on a bar whose fundamental is `fundamental` Hz.
  static func ringSeconds(of mode: Mode, fundamental: Double) -> Double {
    mode.ringSeconds
      * ExactMath.power(
        mode.atFrequency, over: fundamental * mode.ratio, exponent: mode.ringExponent)
  }

  /// Ring time of the bar's own fundamental: 0.94 s at F4, 0.64 s at C6, 0.39 s at C8.
  static func fundamentalRingSeconds(frequency: Double) -> Double {
    ringSeconds(of: modes[0], fundamental: frequency)
  }

  /// How long a mallet stays on the bar, relative to its time on C6: heavier low bars give way
  /// more and hold it longer (∝ f^-0.9), which darkens both their modes and their click.
  static func contactScale(frequency: Double) -> Double {
    ExactMath.power(1_046.5, over: frequency, exponent: 0.9)
  }

  /// The contact that sets the click's corner: as the modes' below C6, C6's above it. Shorter
  /// still, it made the top a glockenspiel (6–8 kHz centroids in the first 20 ms).
  static func clickContactScale(frequency: Double) -> Double {
    contactScale(frequency: min(frequency, 1_046.5))
  }

  /// How much of a mode at `frequency` a contact of `contactSeconds` excites: the envelope of
  /// a half-sine force pulse's spectrum, without its notches.
  static func contactPass(frequency: Double, contactSeconds: Double) -> Double {
    let x = frequency * contactSeconds
    return 1 / (1 + 2 * x * x)
  }

  /// The click relative to the fundamental grows with pitch as bars get smaller (∝ f^0.6) up
  /// to C6, then falls (∝ (C6/f)^3): FluidR3's click is 22 dB under the peak at F4 and 11–15
  /// dB under it from A4 to C6; above, no key of the three recordings is brighter than 4.3 kHz
  /// in its first 20 ms, and at (C6/f)^2 E6 and F6 were brighter than every recording's.
  static func clickScale(frequency: Double) -> Double {
    frequency < 1_046.5
      ? ExactMath.power(frequency, over: 1_046.5, exponent: 0.6)
      : aboveC6(frequency, exponent: 3.0)
  }

  /// The click's noise reaches up to about 1.8 / contact time: 12 kHz for a hard mallet on C6.
  static let clickCornerPerContact = 1.8

  /// The click's envelope: a fast decay and a quieter, slower one, so the noise lasts about
  /// 20 ms before it is 20 dB down.
  static let clickFastSeconds = 0.001_5
  static let clickSlowSeconds = 0.015
  static let clickSlowLevel = 0.25
  /// Peak level of one full-strength tap: -8.2 dBFS. A triad of app keys (C+E+G) then peaks
  /// at -1.1 dBFS and twinkle.xylo measures -25.5 LUFS: louder, and three keys fit, not four.
  static let peakLevel = 0.39
}
