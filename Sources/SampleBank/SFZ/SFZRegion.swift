import AudioBasics

/// One `<region>` of an SFZ instrument with everything it inherits from its `<group>`,
/// `<master>` and `<global>`: which keys, velocities and round-robin turn it plays, and how.
struct SFZRegion: Equatable, Sendable {
  /// The sample's path as written (backslashes made slashes), before `default_path` and the
  /// instrument's folder are put in front of it.
  var sample = ""
  /// Where the region's header stands, for messages.
  var place = SFZPlace(file: "", line: 0)
  var lowestKey = 0
  var highestKey = 127
  /// The key the sample sounds at unpitched.
  var keyCenter = 60
  var lowestVelocity = 1
  var highestVelocity = 127
  var sequenceLength = 1
  /// 1-based: the turn of the round robin this region plays.
  var sequencePosition = 1
  /// Decibels.
  var volume = 0.0
  /// Cents.
  var tune = 0
  /// Semitones.
  var transpose = 0
  /// Cents per key away from the key centre (100: one semitone a key).
  var pitchKeytrack = 100
  /// Frames of the sample skipped at its start.
  var offset = 0
  /// Percent: how fully the tap's gain sets the level (100: linearly, 0: not at all).
  var ampVeltrack = 100.0

  /// Whether the region plays `key` at `velocity` on round-robin turn `turn` (0-based).
  func plays(key: Int, velocity: Int, turn: Int) -> Bool {
    (lowestKey...highestKey).contains(key) && (lowestVelocity...highestVelocity).contains(velocity)
      && turn % sequenceLength + 1 == sequencePosition
  }

  /// The furthest a region may pitch its sample: 8 octaves either way (a sample played 256
  /// times slower or faster is no longer the instrument; libsoxr's work grows with the ratio).
  static let maximumCents = 9_600

  /// How far `key` is pitched from the sample's own pitch: key centre, transpose and tune.
  func cents(forKey key: Int) -> Int {
    (key + transpose - keyCenter) * pitchKeytrack + tune
  }

  /// The playback speed for `key`: 2^(cents / 1200).
  func pitchRatio(forKey key: Int) -> Double {
    let cents = cents(forKey: key)
    return cents == 0 ? 1 : ExactMath.power(2, over: 1, exponent: Double(cents) / 1_200)
  }

  /// The level of a tap of linear `gain`: gain^(amp_veltrack / 100) times `volume`. A silent
  /// tap stays silent, and with a negative `amp_veltrack` (softer taps louder) the gain counts
  /// as at least velocity 1's, so the level is never infinite.
  func level(forGain gain: Double) -> Double {
    guard gain > 0 else { return 0 }
    let tracked =
      ampVeltrack == 100
      ? gain
      : ExactMath.power(
        ampVeltrack < 0 ? max(gain, 1.0 / 127) : gain, over: 1, exponent: ampVeltrack / 100)
    return volume == 0 ? tracked : tracked * Decibels.linear(volume)
  }
}
