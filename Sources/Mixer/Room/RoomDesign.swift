import AudioBasics

/// One room's sound in rate-free units; `RoomTuning` turns it into frames and gains for a rate.
struct RoomDesign {
  /// An early reflection: a delayed, scaled copy of the input on one side.
  struct Reflection {
    var microseconds: Int
    var gain: Float
  }

  /// The delay lines' nominal lengths (µs); each becomes a distinct prime frame count.
  var lineMicroseconds: [Int]
  /// How long after the input the late reverb's input starts (µs).
  var preDelayMicroseconds: Int
  /// The time (s) the late reverb takes to fall 60 dB at 0 Hz, and at `RoomTuning.referenceHertz`:
  /// highs die faster. A white impulse, mostly highs, falls 60 dB in about 0.85 × `lowRT60`.
  var lowRT60: Double
  var highRT60: Double
  /// Four reflections per side at different times, so left and right differ from the start.
  var left: [Reflection]
  var right: [Reflection]
  /// The late reverb's output gain (linear).
  var lateGain: Float
  /// How long (ms) after the input ends the wet output stays above -60 dB re its peak: the
  /// pre-delay plus `lowRT60`, rounded up, since the lowest tones ring longest.
  var tailMilliseconds: Int

  /// The design of `size`, or `nil` for `.none`.
  static func of(_ size: RoomSize) -> RoomDesign? {
    switch size {
    case .none: nil
    case .small: small
    case .hall: hall
    }
  }

  /// A small room: reflections within 17 ms; an impulse falls 60 dB in about 0.5 s and its
  /// wet energy is about 12 dB under the dry.
  static let small = RoomDesign(
    lineMicroseconds: [9_000, 10_200, 11_600, 13_200, 15_000, 17_000, 19_400, 22_000],
    preDelayMicroseconds: 5_000, lowRT60: 0.6, highRT60: 0.45,
    left: [
      Reflection(microseconds: 6_100, gain: 0.108), Reflection(microseconds: 8_700, gain: 0.081),
      Reflection(microseconds: 11_900, gain: 0.065), Reflection(microseconds: 15_300, gain: 0.049),
    ],
    right: [
      Reflection(microseconds: 6_900, gain: 0.103), Reflection(microseconds: 9_800, gain: 0.076),
      Reflection(microseconds: 13_100, gain: 0.059), Reflection(microseconds: 16_900, gain: 0.043),
    ],
    lateGain: 0.2, tailMilliseconds: 650)

  /// A concert hall: reflections from 23 to 52 ms; an impulse falls 60 dB in about 1.85 s (a
  /// 1 kHz tone in 2.1 s) and its wet energy is about 8 dB under the dry.
  static let hall = RoomDesign(
    lineMicroseconds: [29_000, 33_000, 37_500, 42_500, 48_300, 54_900, 62_400, 71_000],
    preDelayMicroseconds: 20_000, lowRT60: 2.2, highRT60: 1.75,
    left: [
      Reflection(microseconds: 23_000, gain: 0.112), Reflection(microseconds: 31_000, gain: 0.095),
      Reflection(microseconds: 39_000, gain: 0.078), Reflection(microseconds: 47_000, gain: 0.062),
    ],
    right: [
      Reflection(microseconds: 26_000, gain: 0.106), Reflection(microseconds: 34_000, gain: 0.090),
      Reflection(microseconds: 43_000, gain: 0.073), Reflection(microseconds: 52_000, gain: 0.056),
    ],
    lateGain: 0.32, tailMilliseconds: 2_300)
}

/// A design at one sample rate: frame counts and per-line gains, computed with integer and basic
/// IEEE arithmetic only, so every machine derives the same numbers.
struct RoomTuning {
  /// The frequency (Hz) where `highRT60` holds, or a quarter of the rate if that is lower: a
  /// frequency rather than the Nyquist limit, so the damping sounds alike at every rate.
  static let referenceHertz = 4_000.0

  /// The delay lines' lengths (frames): distinct primes, so no two lines share a period.
  var lineFrames: [Int]
  var preDelayFrames: Int
  var leftFrames: [Int]
  var rightFrames: [Int]
  /// Each line's damping filter `s = feed * out + pole * s`: gain e^(-3 ln 10 · delay / RT60)
  /// at low frequencies and at the reference, with 1/√8 for the Hadamard matrix folded in.
  var feed: [Float]
  var pole: [Float]

  init(_ design: RoomDesign, sampleRate: Int) {
    lineFrames = []
    for microseconds in design.lineMicroseconds {
      let least = max(Self.frames(microseconds, sampleRate), (lineFrames.last ?? 1) + 1)
      lineFrames.append(Self.prime(atLeast: least))
    }
    preDelayFrames = max(1, Self.frames(design.preDelayMicroseconds, sampleRate))
    leftFrames = design.left.map { max(1, Self.frames($0.microseconds, sampleRate)) }
    rightFrames = design.right.map { max(1, Self.frames($0.microseconds, sampleRate)) }
    let rate = Double(sampleRate)
    let reference = min(Self.referenceHertz, rate / 4) / rate
    let cosine = ExactMath.cos(2 * Double.pi * reference)
    let hadamardScale = (0.125).squareRoot()
    feed = []
    pole = []
    for frames in lineFrames {
      let seconds = Double(frames) / rate
      // -60 dB over the ring time: each pass through the line loses its share.
      let low = Decibels.linear(-60 * seconds / design.lowRT60)
      let high = Decibels.linear(-60 * seconds / design.highRT60)
      // A one-pole low-pass b / (1 - a z^-1) with gain `low` at 0 Hz and `high` at the
      // reference: a solves a² - 2pa + 1 = 0; the smaller root keeps it stable.
      let ratio = (low / high) * (low / high)
      let p = (ratio - cosine) / (ratio - 1)
      let a = 1 / (p + (p * p - 1).squareRoot())
      feed.append(Float(low * (1 - a) * hadamardScale))
      pole.append(Float(a))
    }
  }

  /// `microseconds` at `sampleRate`, rounded half up in integers.
  static func frames(_ microseconds: Int, _ sampleRate: Int) -> Int {
    (microseconds * sampleRate + 500_000) / 1_000_000
  }

  /// The smallest prime at or above `value`.
  static func prime(atLeast value: Int) -> Int {
    var candidate = max(2, value)
    while !isPrime(candidate) { candidate += 1 }
    return candidate
  }

  private static func isPrime(_ value: Int) -> Bool {
    var divisor = 2
    while divisor * divisor <= value {
      if value % divisor == 0 { return false }
      divisor += 1
    }
    return true
  }
}
