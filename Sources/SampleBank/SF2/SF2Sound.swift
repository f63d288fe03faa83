import AudioBasics

/// How a SoundFont zone sounds as FluidSynth (2.3) plays it, for the parts this reader keeps:
/// pitch, attenuation, velocity, pan and the volume envelope up to its sustain.
extension SF2Zone {
  /// Cents from the sample's own pitch to `key`: scale tuning from the root key (the
  /// overriding one, else the sample's), the sample's pitch correction, coarse and fine tune.
  func cents(forKey key: Int, sample: SF2File.SampleHeader) -> Int {
    let root =
      self[SF2Generator.rootKey] >= 0
      ? self[SF2Generator.rootKey]
      : sample.originalPitch <= 127 ? sample.originalPitch : 60
    return (key - root) * self[SF2Generator.scaleTuning] + sample.pitchCorrection
      + self[SF2Generator.coarseTune] * 100 + self[SF2Generator.fineTune]
  }

  /// The zone's own attenuation in centibels as FluidSynth applies it: the generators' sum
  /// times 0.4 (E-mu's hardware convention, which FluidSynth follows), 0 to 1,440.
  var attenuation: Double {
    Double(min(max(self[SF2Generator.attenuation], 0), 1_440)) * 0.4
  }

  /// The left and right gains of the zone's pan (-500 to 500, tenths of a percent): FluidSynth's
  /// sine law, scaled so that a centred zone plays at 1 on each side as a mono sample does.
  /// (FluidSynth 2.3 at `-g 1`, its channel volume at 100, plays a centred zone at velocity 127
  /// at 0.5: 6.02 dB below this bank, measured.)
  var panGains: (left: Double, right: Double) {
    let pan = Double(min(max(self[SF2Generator.pan], -500), 500))
    let centre = ExactMath.sin(Double.pi / 4)
    return (
      ExactMath.sin((500 - pan) * Double.pi / 2_000) / centre,
      ExactMath.sin((500 + pan) * Double.pi / 2_000) / centre
    )
  }

  /// The sample points it plays, from the sample's start and end moved by the address offsets,
  /// kept inside the sample as FluidSynth keeps them.
  func playedPoints(of sample: SF2File.SampleHeader) -> Range<Int> {
    let start =
      sample.start + self[SF2Generator.startOffset] + self[SF2Generator.startCoarseOffset] * 32_768
    let end =
      sample.end + self[SF2Generator.endOffset] + self[SF2Generator.endCoarseOffset] * 32_768
    let clampedStart = min(max(start, sample.start), sample.end)
    return clampedStart..<min(max(end, clampedStart), sample.end)
  }

  /// The volume envelope for `key` up to its sustain: a tap is a one-shot strike whose release
  /// is the sample's end.
  func envelope(forKey key: Int) -> SF2Envelope {
    // -32768 timecents is no time at all; otherwise at least -12000 (1 ms), as FluidSynth.
    func seconds(_ kind: Int, plus extra: Int = 0) -> Double {
      guard self[kind] > -32_768 else { return 0 }
      let timecents = min(max(self[kind] + extra, -12_000), 8_000)
      return ExactMath.power(2, over: 1, exponent: Double(timecents) / 1_200)
    }
    return SF2Envelope(
      delay: seconds(SF2Generator.delay),
      attack: seconds(SF2Generator.attack),
      hold: seconds(SF2Generator.hold, plus: self[SF2Generator.keyToHold] * (60 - key)),
      decay: seconds(SF2Generator.decay, plus: self[SF2Generator.keyToDecay] * (60 - key)),
      sustain: Double(min(max(self[SF2Generator.sustain], 0), 1_000)) / 1_000)
  }
}

/// A volume envelope from the key's start: silent for `delay`, a linear rise over `attack`,
/// full for `hold`, then a fall of 96 dB per `decay` (FluidSynth's: 960 cB over the full range)
/// until `sustain` (0-1, the share of that range) is reached. Seconds.
struct SF2Envelope: Equatable {
  var delay: Double
  var attack: Double
  var hold: Double
  var decay: Double
  var sustain: Double

  /// The amplitude factor at `seconds` after the delay.
  func gain(at seconds: Double) -> Double {
    if seconds < attack { return seconds / attack }
    let decaying = seconds - attack - hold
    guard decaying > 0 else { return 1 }
    let fallen = min(decaying / decay, sustain)
    return fallen == 0 ? 1 : Decibels.linear(-96 * fallen)
  }
}

/// The level of a tap at MIDI `velocity` (1-127): SoundFont's default velocity-to-attenuation
/// modulator, a concave curve of up to 960 cB, as FluidSynth computes it: -400 × log10(v/127)
/// cB, which is (v / 127)² in amplitude.
func sf2VelocityLevel(_ velocity: Int) -> Double {
  let share = Double(min(max(velocity, 1), 127)) / 127
  return share * share
}

/// The amplitude factor of `centibels` of attenuation.
func sf2Amplitude(centibels: Double) -> Double {
  centibels == 0 ? 1 : Decibels.linear(-centibels / 10)
}
