import AudioBasics
import Foundation
import TestSupport
import Testing

@testable import SampleBank

private typealias Fixture = SF2Fixture

/// No delay, no attack and no hold, so that a sample's points come out from the first frame.
private let instant: [Fixture.Generator] = [
  Fixture.value(33, -32_768), Fixture.value(34, -32_768), Fixture.value(35, -32_768),
]

private func bank(_ fixture: Fixture) throws -> SF2Bank {
  try SF2Bank(
    path: file("x.sf2", in: temporaryFolder(), holding: fixture.bytes().bytes), program: 14)
}

/// Robert Bristow-Johnson's low-pass run over `input` with libm's sine and cosine, as FluidSynth
/// computes it, at 0 dB gain for a resonance of 0.
private func biquad(_ input: [Double], hertz: Double, rate: Double, resonance: Double) -> [Double] {
  let q = pow(10, (resonance / 10 - 3.01) / 20)
  let omega = 2 * Double.pi * hertz / rate
  let alpha = sin(omega) / (2 * q)
  let gain = pow(10, -resonance / 10 / 40)
  let (b0, b1) = ((1 - cos(omega)) / 2, 1 - cos(omega))
  let (a0, a1, a2) = (1 + alpha, -2 * cos(omega), 1 - alpha)
  var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
  return input.map { x in
    let y = (gain * (b0 * x + b1 * x1 + b0 * x2) - a1 * y1 - a2 * y2) / a0
    (x2, x1, y2, y1) = (x1, x, y1, y)
    return y
  }
}

@Suite struct SF2FilterTests {
  @Test(arguments: [0, 100])
  func aLowCutoffFiltersTheZoneAsFluidSynthsBiquad(resonance: Int) throws {
    // 6,900 absolute cents: 8.176 × 2^(6900/1200) = 440.0 Hz.
    let generators = instant + [Fixture.value(8, 6_900), Fixture.value(9, resonance)]
    let points = [Int16(16_384)] + [Int16](repeating: 0, count: 63)
    let values = try bank(.simple(generators, points: points)).sample(for: "C4").values
    let expected = biquad(
      [0.5] + [Double](repeating: 0, count: 63), hertz: 440.0, rate: 44_100,
      resonance: Double(resonance))
    #expect(values.count == 64)
    for (value, wanted) in zip(values, expected) {
      #expect(abs(Double(value) - wanted) < 1e-6)
    }
  }

  @Test func theDefaultCutoffOfTwentyKilohertzLeavesTheSampleAsItIs() throws {
    let values = try bank(.simple(instant)).sample(for: "C4").values
    let written: [Int] = [1_000, 2_000, -3_000, 4_000]
    #expect(values == written.map { Float(Double($0) / 32_768) })
  }

  @Test func theCutoffFollowsThePitchingSoItStaysWhereItIsHeard() throws {
    // Played an octave up, the recording is filtered at half the cutoff heard.
    let generators = instant + [Fixture.value(8, 6_900)]
    let points = [Int16(16_384)] + [Int16](repeating: 0, count: 63)
    let values = try bank(.simple(generators, points: points)).sample(for: "C5").values
    let expected = biquad(
      [0.5] + [Double](repeating: 0, count: 63), hertz: 220.0, rate: 44_100, resonance: 0)
    for (value, wanted) in zip(values, expected) {
      #expect(abs(Double(value) - wanted) < 1e-6)
    }
  }

  @Test func theModulationEnvelopeRisesHoldsAndFallsLinearlyToItsSustain() {
    let envelope = SF2Envelope(delay: 0, attack: 0.5, hold: 0.5, decay: 1, sustain: 0.25)
    #expect(envelope.level(at: -1) == 0)
    #expect(envelope.level(at: 0.25) == 0.5)
    #expect(envelope.level(at: 0.75) == 1)
    #expect(envelope.level(at: 1.125) == 0.875)
    #expect(envelope.level(at: 9) == 0.75)
  }

  @Test func theModulationEnvelopesDepthIsInTheFilter() throws {
    let generators = [
      Fixture.value(8, 6_900), Fixture.value(11, 1_200), Fixture.value(26, -1_200),
      Fixture.value(29, 500),
    ]
    let zone = try #require(
      presetZones(
        of: 0, in: SF2File(bytes: Fixture.simple(generators).bytes().bytes, path: "x.sf2"),
        path: "x.sf2"
      ).first)
    let filter = zone.lowPass(forKey: 60)
    #expect(filter.cutoff == 6_900 && filter.depth == 1_200 && filter.resonance == 0)
    #expect(abs(filter.envelope.attack - 0.5) < 1e-12 && filter.envelope.sustain == 0.5)
    #expect(filter.isAudible)
  }
}

@Suite struct SF2LoopTests {
  /// Points 100, 200, 300, 400 at 1 kHz, looping over the middle two, decaying over 2^-7 s
  /// (-8,400 timecents).
  private func looped(_ generators: [Fixture.Generator]) -> Fixture {
    var fixture = Fixture.simple(
      instant + [Fixture.value(54, 1), Fixture.value(36, -8_400)] + generators,
      points: [100, 200, 300, 400])
    fixture.samples[0].rate = 1_000
    fixture.samples[0].loop = (1, 3)
    return fixture
  }

  @Test func aLoopRepeatsUntilTheVolumeEnvelopeIsSilent() throws {
    let values = try bank(looped([Fixture.value(37, 1_000)])).sample(for: "C4").values
    // Silent 7.8 ms in: 8 frames, the loop from the third on.
    let envelope = SF2Envelope(delay: 0, attack: 0, hold: 0, decay: 0.007_812_5, sustain: 1)
    let points = [100, 200, 300, 200, 300, 200, 300, 200]
    #expect(values.count == points.count)
    for (frame, (value, point)) in zip(values, points).enumerated() {
      let wanted = Double(point) / 32_768 * envelope.gain(at: Double(frame) / 1_000)
      #expect(abs(Double(value) - wanted) < 1e-9)
    }
  }

  @Test func aLoopUnderASustainThatIsHeardPlaysOnce() throws {
    #expect(try bank(looped([Fixture.value(37, 500)])).sample(for: "C4").frameCount == 4)
  }

  @Test func aLoopOutsideThePlayedPointsIsIgnored() throws {
    var fixture = looped([Fixture.value(37, 1_000)])
    fixture.samples[0].loop = (3, 2)
    #expect(try bank(fixture).sample(for: "C4").frameCount == 4)
  }
}
