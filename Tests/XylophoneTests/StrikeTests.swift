import AudioBasics
import Foundation
import Testing
import Xylophone

/// Level of the mode `ratio` times the fundamental against the fundamental, in dB, over the
/// first 50 ms: how bright a strike is.
private func overtoneLevel(_ values: [Float], key: BuiltInKey, ratio: Double) -> Double {
  let window = values[0..<2_400]
  let overtone = magnitude(of: window, at: key.frequency * ratio, rate: 48_000)
  let fundamental = magnitude(of: window, at: key.frequency, rate: 48_000)
  return Decibels.of(overtone / fundamental)
}

/// Share of the first 5 ms's energy above 8 kHz (Hann-windowed), in dB: the mallet's click.
private func clickShare(_ values: [Float]) -> Double {
  let count = 240
  var total = 0.0
  var high = 0.0
  for bin in 1..<(count / 2) {
    let frequency = Double(bin) * 48_000 / Double(count)
    let power = pow(magnitude(of: values[0..<count], at: frequency, rate: 48_000), 2)
    total += power
    if frequency > 8_000 { high += power }
  }
  return Decibels.of((high / total).squareRoot())  // a power ratio
}

/// The time (s) after which the 5 ms RMS envelope stays below `decibels` under its peak.
private func ringTime(_ values: [Float], below decibels: Double) -> Double {
  let window = 240
  var envelope: [Double] = []
  var index = 0
  while index + window <= values.count {
    let energy = values[index..<(index + window)].reduce(0.0) { $0 + Double($1) * Double($1) }
    envelope.append((energy / Double(window)).squareRoot())
    index += window / 4
  }
  let peak = envelope.max() ?? 0
  let threshold = peak * Decibels.linear(decibels)
  let last = envelope.lastIndex { $0 >= threshold } ?? 0
  return Double((last + 1) * window / 4) / 48_000
}

/// The first frame at -40 dB re the peak, as scripts/measure-bank.py finds a tap's onset.
private func onset(_ values: [Float]) -> Int {
  let threshold = (values.map(abs).max() ?? 0) * 0.01
  return values.firstIndex { abs($0) >= threshold } ?? 0
}

/// Magnitude-weighted mean frequency (Hz) of the first 20 ms after the onset, to 20 kHz, Hann
/// window: measure-bank.py's centroid.
private func earlyCentroid(_ values: [Float]) -> Double {
  let start = onset(values)
  let window = values[start..<min(values.count, start + 960)]
  let bins = (1..<400).map { Double($0) * 50 }
  let magnitudes = bins.map { magnitude(of: window, at: $0, rate: 48_000) }
  return zip(bins, magnitudes).reduce(0) { $0 + $1.0 * $1.1 } / magnitudes.reduce(0, +)
}

/// Peak over RMS (dB) of the first 100 ms after the onset: measure-bank.py's crest factor.
private func earlyCrest(_ values: [Float]) -> Double {
  let start = onset(values)
  let span = values[start..<min(values.count, start + 4_800)].map(Double.init)
  let rms = (span.reduce(0) { $0 + $1 * $1 } / 4_800).squareRoot()
  return Decibels.of((span.map(abs).max() ?? 0) / rms)
}

private func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
}

/// The catalog's key `title`, which these tests take as given.
private func bar(_ title: String) -> BuiltInKey {
  guard let key = KeyCatalog.key(named: title) else { preconditionFailure("no key \(title)") }
  return key
}

@Suite struct StrikeTests {
  static let f4 = bar("F4")
  static let c6 = bar("C6")
  static let c7 = bar("C7")

  @Test func lowBarsCarryTheStrongInharmonicModesOfAnUndercutBar() {
    let values = Synthesizer.sample(for: Self.f4)
    // FluidR3's F4: 5.8× at -2.5 dB, 8.44× at -7.7 dB, 3× at -13 dB (first 50 ms); the bank's
    // 5.8× sits 3.6 dB lower, at FluidR3's median over F4-B5 from 5 to 105 ms.
    #expect((-9.0...(-3)).contains(overtoneLevel(values, key: Self.f4, ratio: 5.8)))
    #expect((-11.0...(-4)).contains(overtoneLevel(values, key: Self.f4, ratio: 8.44)))
    #expect((-16.0...(-9)).contains(overtoneLevel(values, key: Self.f4, ratio: 3)))
  }

  @Test func ringTimesFollowARealXylophoneNotAMarimba() {
    // FluidR3's xylophone: F4 0.13 s to -20 dB, 0.61 s to -60 dB; C7 0.05 s and 0.33 s, the
    // fundamental alone 0.05-0.15 s over three recordings. A marimba rings 3-5 times longer.
    let f4 = Synthesizer.sample(for: Self.f4)
    #expect((0.1...0.2).contains(ringTime(f4, below: -20)))
    #expect((0.5...0.85).contains(ringTime(f4, below: -60)))
    let c7 = Synthesizer.sample(for: Self.c7)
    #expect((0.05...0.15).contains(ringTime(c7, below: -20)))
    #expect((0.25...0.5).contains(ringTime(c7, below: -60)))
  }

  /// Three recorded xylophones (FluidR3, TimGM6mb, freepats; scripts/measure-bank.py
  /// --registers) centre C6-B6's first 20 ms at 2.2-4.1 kHz and C7-C8's at 3.1-4.1 kHz, with
  /// crest factors of 9.1-13.1 and 9.1-12.9 dB; the bank's were 6.1 and 7.7 kHz, 15.9 and
  /// 17.3 dB: a toy glockenspiel. At most 1.25 times the brightest, within 2 dB of the crests.
  @Test(arguments: [(84...95, 4.10, 9.1...13.1), (96...108, 4.12, 9.1...12.9)])
  func theAppsRegisterIsAsDarkAndAsEvenAsRecordedXylophones(
    _ notes: ClosedRange<Int>, brightest: Double, crests: ClosedRange<Double>
  ) {
    let samples = notes.compactMap { KeyCatalog.key(named: NoteName.name(of: $0)) }
      .map { Synthesizer.sample(for: $0) }
    #expect(samples.count == notes.count)
    let centroid = median(samples.map(earlyCentroid))
    let crest = median(samples.map(earlyCrest))
    #expect(centroid <= 1.25 * brightest * 1_000, "centroid \(centroid) Hz")
    #expect(
      (crests.lowerBound - 2)...(crests.upperBound + 2) ~= crest, "crest \(crest) dB")
  }

  /// The same three recordings key by key (scripts/reference-bank at velocity 127, 48 kHz,
  /// measured as measure-bank.py does): each key's brightest first-20 ms centroid (Hz) and its
  /// crest factors' span (dB). Every key of the app's register, not only their median, is at
  /// most 1.25 times as bright as its brightest recording, its crest within 2 dB of the span.
  static let recordedKeys: [(note: Int, brightest: Double, crests: ClosedRange<Double>)] = [
    (84, 4704, 9.4...15.4),  // C6: FluidR3 3646 Hz 13.8 dB, TimGM6mb 4704 15.4, freepats 2112 9.4
    (85, 4598, 9.6...15.3),  // C#6: 3752 13.8, 4598 15.3, 2196 9.6
    (86, 4484, 9.9...14.6),  // D6: 3877 13.9, 4484 14.6, 2274 9.9
    (87, 4392, 9.0...14.2),  // D#6: 4009 14.2, 4392 14.0, 1845 9.0
    (88, 4096, 9.3...13.9),  // E6: 4096 13.9, 2705 11.4, 1920 9.3
    (89, 4225, 9.5...13.8),  // F6: 4225 13.8, 2709 10.8, 1992 9.5
    (90, 4030, 9.7...12.5),  // F#6: 4030 12.5, 2691 10.6, 2077 9.7
    (91, 4108, 6.2...12.4),  // G6: 4108 12.4, 2674 10.7, 2785 6.2
    (92, 4164, 6.4...12.3),  // G#6: 4164 12.3, 2677 10.3, 2893 6.4
    (93, 4220, 6.7...12.3),  // A6: 4220 12.3, 2680 10.2, 3023 6.7
    (94, 4241, 6.9...12.3),  // A#6: 4241 12.3, 2679 9.6, 3155 6.9
    (95, 4259, 7.1...12.2),  // B6: 4259 12.2, 2692 9.4, 3278 7.1
    (96, 3839, 7.4...12.2),  // C7: 3839 12.2, 2722 9.4, 3431 7.4
  ]

  @Test(arguments: recordedKeys)
  func everyKeyOfTheAppsRegisterIsWithinItsRecordings(
    _ note: Int, brightest: Double, crests: ClosedRange<Double>
  ) throws {
    let key = try #require(KeyCatalog.key(named: NoteName.name(of: note)))
    let sample = Synthesizer.sample(for: key)
    let centroid = earlyCentroid(sample)
    let crest = earlyCrest(sample)
    #expect(centroid <= 1.25 * brightest, "\(key.title): centroid \(centroid) Hz")
    #expect(
      (crests.lowerBound - 2)...(crests.upperBound + 2) ~= crest, "\(key.title): crest \(crest) dB")
  }

  @Test func aHardMalletClicksAboveEightKilohertzOnTheHighBars() {
    // FluidR3's C6: -11 dB of the first 5 ms above 8 kHz; the old bank: -27 dB.
    let share = clickShare(Synthesizer.sample(for: Self.c6))
    #expect((-16.0...(-8)).contains(share), "\(share) dB")
  }

  @Test(arguments: [f4, c6])
  func softerStrikesAreDarker(_ key: BuiltInKey) {
    let levels = [0, 4, 8, 12].map { layer in
      let strike = Strike(strengthDecibels: StrikeLayers.strengthDecibels(ofLayer: layer))
      return overtoneLevel(Synthesizer.sample(for: key, strike: strike), key: key, ratio: 3)
    }
    #expect(zip(levels, levels.dropFirst()).allSatisfy { $0 > $1 + 1 }, "\(levels)")
  }

  @Test func softerMalletsClickLessAndSoundDarker() {
    let sounds = [MalletModel.rubber, .plastic, .hard].map {
      Synthesizer.sample(for: Self.c6, strike: Strike(mallet: $0))
    }
    let clicks = sounds.map(clickShare)
    let brightness = sounds.map { overtoneLevel($0, key: Self.c6, ratio: 5.8) }
    #expect(clicks[0] < clicks[1] - 2 && clicks[1] < clicks[2] - 2, "\(clicks)")
    #expect(brightness[0] < brightness[1] && brightness[1] < brightness[2], "\(brightness)")
  }

  @Test func aTapsGainChoosesTheNearestStrikeEveryThreeDecibels() {
    #expect(StrikeLayers.layer(forGain: 4) == 0)
    #expect(StrikeLayers.layer(forGain: 1) == 0)
    #expect(StrikeLayers.layer(forGain: 0.85) == 0)  // -1.4 dB
    #expect(StrikeLayers.layer(forGain: 0.5) == 2)  // -6 dB
    #expect(StrikeLayers.layer(forGain: 0.1) == 7)  // -20 dB: nearest is -21
    #expect(StrikeLayers.layer(forGain: 0.001) == StrikeLayers.count - 1)
    // Decided on whole velocities (127 × gain), so an SFZ's lovel/hivel can say the same.
    #expect(
      (0..<StrikeLayers.count).map(StrikeLayers.lowestVelocity(ofLayer:)) == [
        107, 76, 54, 38, 27, 20, 14, 10, 7, 5, 4, 3, 1,
      ])
    #expect(StrikeLayers.layer(forVelocity: 107) == 0 && StrikeLayers.layer(forVelocity: 106) == 1)
    #expect(StrikeLayers.layer(forGain: 0) == StrikeLayers.count - 1)
  }

  @Test func aTriadOfTheAppsKeysPeaksUnderMinusOneDecibel() {
    // The README's chord, C+E+G at full strength: the keys' fundamentals (4:5:6) line up
    // within milliseconds, so the sum nears three times one key's ring.
    let keys = ["C6", "E6", "G6"].map { Synthesizer.sample(for: bar($0)) }
    let length = keys.map(\.count).min() ?? 0
    let peak = (0..<length).map { frame in abs(keys.reduce(0) { $0 + $1[frame] }) }.max() ?? 1
    #expect(Decibels.of(Double(peak)) < -1, "\(Decibels.of(Double(peak))) dBFS")
    #expect(Decibels.of(Double(peak)) > -3, "louder taps are the point of the level")
  }
}
