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

  /// The loop it repeats (sample modes 1 and 3, the loop's offsets applied), when it lies
  /// within the played points and holds two at least; nil when the sample plays once.
  func loop(of sample: SF2File.SampleHeader) -> Range<Int>? {
    guard [1, 3].contains(self[SF2Generator.sampleModes]) else { return nil }
    let start =
      sample.loopStart + self[SF2Generator.loopStartOffset]
      + self[SF2Generator.loopStartCoarseOffset] * 32_768
    let end =
      sample.loopEnd + self[SF2Generator.loopEndOffset]
      + self[SF2Generator.loopEndCoarseOffset] * 32_768
    let played = playedPoints(of: sample)
    guard played.lowerBound <= start, start + 2 <= end, end <= played.upperBound else {
      return nil
    }
    return start..<end
  }

  /// How it plays `sample` for `key` at `rate` frames a second as heard: its points once, or,
  /// looped, its loop repeated until the volume envelope is silent (a strike is never
  /// released); a loop under a sustain that is heard plays once.
  func playback(of sample: SF2File.SampleHeader, key: Int, rate: Double) -> SF2Playback {
    let played = playedPoints(of: sample)
    guard let loop = loop(of: sample), let silent = envelope(forKey: key).silentAfter else {
      return SF2Playback(played: played, loop: nil, frameCount: played.count)
    }
    let frames = Int((silent * rate).rounded(.up))
    return SF2Playback(played: played, loop: loop, frameCount: max(frames, 0))
  }

  /// The volume envelope for `key` up to its sustain: a tap is a one-shot strike whose release
  /// is the sample's end.
  func envelope(forKey key: Int) -> SF2Envelope {
    envelope(
      SF2Generator.delay, keyToHold: SF2Generator.keyToHold,
      keyToDecay: SF2Generator.keyToDecay, key: key)
  }

  /// The modulation envelope for `key` up to its sustain (generators 25 to 32).
  func modulationEnvelope(forKey key: Int) -> SF2Envelope {
    envelope(
      SF2Generator.modulationDelay, keyToHold: SF2Generator.keyToModulationHold,
      keyToDecay: SF2Generator.keyToModulationDecay, key: key)
  }

  /// The envelope whose delay, attack, hold, decay and sustain are the five generators from
  /// `first` on.
  private func envelope(_ first: Int, keyToHold: Int, keyToDecay: Int, key: Int) -> SF2Envelope {
    // -32768 timecents is no time at all; otherwise at least -12000 (1 ms), as FluidSynth.
    func seconds(_ kind: Int, plus extra: Int = 0) -> Double {
      guard self[kind] > -32_768 else { return 0 }
      let timecents = min(max(self[kind] + extra, -12_000), 8_000)
      return ExactMath.power(2, over: 1, exponent: Double(timecents) / 1_200)
    }
    return SF2Envelope(
      delay: seconds(first),
      attack: seconds(first + 1),
      hold: seconds(first + 2, plus: self[keyToHold] * (60 - key)),
      decay: seconds(first + 3, plus: self[keyToDecay] * (60 - key)),
      sustain: Double(min(max(self[first + 4], 0), 1_000)) / 1_000)
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

  /// As a modulation envelope, 0 to 1 at `seconds` after the delay: a linear rise, the hold,
  /// then a linear fall of the whole range per `decay` to 1 − `sustain` (FluidSynth's shape).
  func level(at seconds: Double) -> Double {
    guard seconds >= 0 else { return 0 }
    if seconds < attack { return seconds / attack }
    let decaying = seconds - attack - hold
    guard decaying > 0 else { return 1 }
    return max(1 - decaying / decay, 1 - sustain)
  }

  /// Seconds after the delay from which a volume envelope is silent (96 dB down, where
  /// FluidSynth ends a voice): the end of its decay when it decays to its whole range; nil
  /// when its sustain is heard.
  var silentAfter: Double? { sustain >= 1 ? attack + hold + decay : nil }
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

/// The points a zone plays, frame by frame: from the start to the loop's end, then the loop
/// again and again; without a loop, the played points once.
struct SF2Playback {
  var played: Range<Int>
  var loop: Range<Int>?
  var frameCount: Int

  /// The point of frame `frame` (0 ..< `frameCount`).
  func point(_ frame: Int) -> Int {
    guard let loop, played.lowerBound + frame >= loop.upperBound else {
      return played.lowerBound + frame
    }
    return loop.lowerBound + (played.lowerBound + frame - loop.upperBound) % loop.count
  }
}
