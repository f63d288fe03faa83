import AudioBasics

/// The low-pass filter every SoundFont voice plays through (2.04, section 8.1.2, generators 8,
/// 9 and 11), as FluidSynth 2.3 builds it: a 2-pole resonant low-pass (Robert Bristow-Johnson's
/// biquad) whose resonance is `initialFilterQ` less 3.01 dB, so that 0 has no hump, and whose
/// cutoff follows the modulation envelope, set anew every 64 frames.
struct SF2LowPass {
  /// `initialFilterFc` in absolute cents.
  var cutoff: Double
  /// `modEnvToFilterFc`: cents added at the modulation envelope's peak.
  var depth: Double
  var envelope: SF2Envelope
  /// `initialFilterQ` in centibels, 0 to 960.
  var resonance: Double

  /// FluidSynth's bound below which a cutoff is heard: a filter at 19 kHz or more without
  /// resonance changes nothing one hears, and is left out.
  static let highestAudibleCutoff = 19_000.0

  /// Whether it changes what is heard: some cutoff it reaches is below 19 kHz, or it resonates.
  var isAudible: Bool {
    resonance > 0 || Self.hertz(cents: min(cutoff, cutoff + depth)) < Self.highestAudibleCutoff
  }

  /// Hertz of `cents` absolute cents, within SoundFont's 1,500 to 13,500 (20 Hz to 20 kHz).
  static func hertz(cents: Double) -> Double {
    8.175_798_915_643_707
      * ExactMath.power(2, over: 1, exponent: min(max(cents, 1_500), 13_500) / 1_200)
  }

  /// Filters `values`, one channel at `rate` Hz played `ratio` times faster than recorded and
  /// starting `delay` seconds after the key, in place: the cutoff as heard is the cutoff over
  /// `ratio` in the recording (at most 0.45 × `rate`, FluidSynth's bound). Its gain at 0 Hz is
  /// 1, less half the resonance's height (8.1.3 #9).
  func apply(to values: inout [Double], rate: Double, ratio: Double, delay: Double) {
    let decibels = min(max(resonance / 10, 0), 96)
    let q = Decibels.linear(decibels - 3.01)
    let gain = Decibels.linear(-decibels / 2)
    var (a1, a2, b1, b02) = (0.0, 0.0, 0.0, 0.0)
    var lastCents = Double.nan
    var (history1, history2) = (0.0, 0.0)
    for index in values.indices {
      if index % 64 == 0 {
        let seconds = delay + Double(index) / (rate * ratio) - envelope.delay
        let cents = cutoff + depth * envelope.level(at: seconds)
        if cents != lastCents {
          lastCents = cents
          let frequency = min(max(Self.hertz(cents: cents) / ratio, 5), 0.45 * rate)
          let omega = 2 * Double.pi * frequency / rate
          let (sine, cosine) = (ExactMath.sin(omega), ExactMath.cos(omega))
          let alpha = sine / (2 * q)
          let scale = 1 / (1 + alpha)
          a1 = -2 * cosine * scale
          a2 = (1 - alpha) * scale
          b1 = (1 - cosine) * scale * gain
          b02 = b1 * 0.5
        }
      }
      // Direct form II, as FluidSynth runs it.
      let centre = values[index] - a1 * history1 - a2 * history2
      values[index] = b02 * (centre + history2) + b1 * history1
      (history2, history1) = (history1, centre)
    }
  }
}

extension SF2Zone {
  /// The zone's filter for `key` as FluidSynth 2.3 sets it: `initialFilterFc` moved by
  /// `modEnvToFilterFc` times the modulation envelope, at `initialFilterQ`. The default
  /// velocity-to-cutoff modulator (8.4.2) is left out as FluidSynth leaves it out: it reads it
  /// as 0 whatever the velocity.
  func lowPass(forKey key: Int) -> SF2LowPass {
    SF2LowPass(
      cutoff: Double(self[SF2Generator.filterCutoff]),
      depth: Double(self[SF2Generator.modulationToFilterCutoff]),
      envelope: modulationEnvelope(forKey: key),
      resonance: Double(self[SF2Generator.filterResonance]))
  }
}
