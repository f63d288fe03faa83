import AudioDigest
import Foundation
import Testing

/// A sine of `amplitude` (peak, 1 is full scale) at `frequency` Hz, `seconds` long, mono.
private func tone(
  _ frequency: Double, amplitude: Double = 0.1, seconds: Double = 1, rate: Int = 48_000
) -> [Double] {
  (0..<Int(seconds * Double(rate))).map { frame in
    amplitude * sin(2 * .pi * frequency * Double(frame) / Double(rate))
  }
}

/// A short xylophone-like phrase: decaying partials of three notes over seeded noise, 1 s.
private func phrase(rate: Int = 48_000) -> [Double] {
  var noise: UInt64 = 0x5EED
  return (0..<rate).map { frame in
    let time = Double(frame) / Double(rate)
    var value = 0.0
    for (index, frequency) in [523.25, 659.25, 783.99].enumerated() {
      let start = 0.25 * Double(index)
      guard time >= start else { continue }
      let age = time - start
      let partials = sin(2 * .pi * frequency * age) + 0.3 * sin(2 * .pi * 3.9 * frequency * age)
      value += 0.2 * exp(-age / 0.3) * partials
    }
    noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return value + 0.001 * (Double(noise >> 11) * 0x1p-52 - 1)
  }
}

private let centersAt48kHz: [Double] = [
  25, 31.5, 40, 50, 63, 80, 100, 125, 160, 200, 250, 315, 400, 500, 630, 800, 1_000, 1_250,
  1_600, 2_000, 2_500, 3_150, 4_000, 5_000, 6_300, 8_000, 10_000, 12_500, 16_000, 20_000,
]

/// The band analysis: levels in 1/3-octave bands, and the worst difference between two sets.
@Suite enum BandAnalysisTests {}

extension BandAnalysisTests {
  @Suite struct BandLevelsTests {
    @Test(arguments: [
      (48_000, centersAt48kHz),
      (44_100, Array(centersAt48kHz.prefix(29))),
      (8_000, Array(centersAt48kHz.prefix(22))),
      (96_000, centersAt48kHz + [25_000, 31_500, 40_000]),
      (50, []),
    ])
    func bandsRunFrom25HzToBelow045TimesTheRate(rate: Int, centers: [Double]) {
      #expect(bandLevels([0], channels: 1, rate: rate).centers == centers)
    }

    @Test(arguments: [(48_000, 20), (48_001, 21), (47_999, 20), (1, 1), (0, 0)])
    func windowsAre50msAndTheLastHoldsWhatIsLeft(frames: Int, windows: Int) {
      let levels = bandLevels(Array(repeating: 0, count: frames), channels: 1, rate: 48_000)
      #expect(levels.windowSeconds == 0.05)
      #expect(levels.levels.count == windows)
      #expect(levels.levels.allSatisfy { $0.count == 30 })
    }

    @Test func aSineOf1kHzLandsInThe1kHzBand() throws {
      let levels = bandLevels(tone(1_000), channels: 1, rate: 48_000)
      let band = try #require(levels.centers.firstIndex(of: 1_000))
      let rmsLevel = 20 * log10(0.1 / 2.squareRoot())
      // The first window holds the filters' rise.
      for window in levels.levels.dropFirst() {
        #expect(abs(window[band] - rmsLevel) < 1)
        #expect(window[band - 2] < rmsLevel - 20)
        #expect(window[band + 2] < rmsLevel - 20)
        #expect(window[band - 1] < window[band] - 10)
        #expect(window[band + 1] < window[band] - 10)
      }
    }

    @Test(arguments: [63.0, 250, 4_000, 16_000])
    func aSineAtACentreReadsItsRMSLevelInItsBand(frequency: Double) throws {
      let levels = bandLevels(tone(frequency), channels: 1, rate: 48_000)
      let band = try #require(levels.centers.firstIndex(of: frequency))
      let last = try #require(levels.levels.last)
      #expect(abs(last[band] - 20 * log10(0.1 / 2.squareRoot())) < 0.25)
    }

    @Test func silenceIsAtTheFloor() {
      let levels = bandLevels(Array(repeating: 0, count: 9_600), channels: 2, rate: 48_000)
      #expect(levels.levels.count == 2)
      #expect(levels.levels.allSatisfy { $0.allSatisfy { $0 == -120 } })
    }

    @Test func channelsAreAveragedToMono() {
      let mono = phrase()
      let stereo = mono.flatMap { [$0 * 1.5, $0 * 0.5] }
      #expect(
        bandLevels(stereo, channels: 2, rate: 48_000) == bandLevels(mono, channels: 1, rate: 48_000)
      )
    }

    @Test func noChannelsOrRateGiveNothing() {
      #expect(bandLevels([1, 2], channels: 0, rate: 48_000).levels.isEmpty)
      #expect(bandLevels([1, 2], channels: 1, rate: 0).centers.isEmpty)
    }

    @Test func aNaNMakesLaterLevelsNaN() {
      var values = tone(1_000, seconds: 0.2)
      values[3_000] = .nan
      let levels = bandLevels(values, channels: 1, rate: 48_000)
      #expect(levels.levels[0].allSatisfy { !$0.isNaN })
      #expect(levels.levels[3].allSatisfy { $0.isNaN })
    }
  }

  @Suite struct WorstBandDifferenceTests {
    @Test(arguments: [0.5, -0.5, 3])
    func aGainChangeIsTheWorstDifferenceEverywhere(decibels: Double) throws {
      let golden = phrase()
      let factor = pow(10, decibels / 20)
      let worst = try #require(
        worstBandDifference(
          bandLevels(golden, channels: 1, rate: 48_000),
          bandLevels(golden.map { $0 * factor }, channels: 1, rate: 48_000)))
      #expect(abs(worst.decibels - abs(decibels)) < 0.001)
    }

    @Test func aChangedNoteIsFoundInItsWindowAndBand() throws {
      let golden = tone(1_000)
      var render = golden
      // 4 kHz at the same level in window 10 (0.5 s to 0.55 s) only.
      for frame in 24_000..<26_400 {
        render[frame] += 0.1 * sin(2 * .pi * 4_000 * Double(frame) / 48_000)
      }
      let levels = bandLevels(golden, channels: 1, rate: 48_000)
      let worst = try #require(
        worstBandDifference(levels, bandLevels(render, channels: 1, rate: 48_000)))
      #expect(worst.window == 10)
      #expect(levels.centers[worst.band] == 4_000)
      #expect(worst.decibels > 40)
    }

    @Test func identicalSoundsDifferByZero() throws {
      let levels = bandLevels(phrase(), channels: 1, rate: 48_000)
      let worst = try #require(worstBandDifference(levels, levels))
      #expect(worst.decibels == 0)
    }

    @Test func silenceGivesNothing() {
      let silence = bandLevels(Array(repeating: 0, count: 48_000), channels: 1, rate: 48_000)
      #expect(worstBandDifference(silence, silence) == nil)
    }

    @Test func soundsBelowMinus80dBDoNotCount() {
      let silence = bandLevels(Array(repeating: 0, count: 48_000), channels: 1, rate: 48_000)
      let whisper = bandLevels(tone(1_000, amplitude: 1e-5), channels: 1, rate: 48_000)
      #expect(worstBandDifference(silence, whisper) == nil)
    }

    @Test func onlyTheWindowsBothHoldCount() throws {
      let short = bandLevels(tone(1_000, seconds: 0.5), channels: 1, rate: 48_000)
      let long = bandLevels(
        tone(1_000, seconds: 0.5) + tone(50, amplitude: 1, seconds: 0.5), channels: 1, rate: 48_000)
      let worst = try #require(worstBandDifference(short, long))
      #expect(worst.decibels < 0.001)
    }
  }
}
