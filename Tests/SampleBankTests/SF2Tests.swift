import AudioBasics
import Platform
import TestSupport
import Testing

@testable import SampleBank

private typealias Fixture = SF2Fixture

/// No delay and no attack (-32768 timecents is none, as FluidSynth reads it), so that a
/// sample's points come out as they are.
private let instant: [Fixture.Generator] = [Fixture.value(33, -32_768), Fixture.value(34, -32_768)]

/// The file `fixture` makes, written to a temporary folder.
private func write(_ fixture: Fixture) throws -> String {
  try file("x.sf2", in: temporaryFolder(), holding: fixture.bytes().bytes)
}

private func bank(_ fixture: Fixture, program: Int = 14) throws -> SF2Bank {
  try SF2Bank(path: write(fixture), program: program)
}

/// 16-bit points as the bank gives them when centred: scaled to ±1.
private func centred(_ points: [Int]) -> [Float] {
  points.map { Float(Double($0) / 32_768) }
}

@Suite struct SF2ReaderTests {
  @Test func aPresetPlaysItsSampleAtTheRootKeyUnpitchedAndCentred() throws {
    let bank = try bank(.simple(instant))
    #expect(bank.preset == SF2Preset(bank: 0, program: 14, name: "Xylophone"))
    #expect(bank.titles.prefix(AppKeys.titles.count) == AppKeys.titles[...])
    #expect(bank.titles.contains("C-1") && bank.titles.contains("G9"))
    let sample = try bank.sample(for: "C4")
    #expect(sample.pitchRatio == 1)
    #expect(sample.channels == 1)
    #expect(sample.sampleRate == 44_100)
    #expect(sample.values == centred([1_000, 2_000, -3_000, 4_000]))
    #expect(bank.definitionFiles == [bank.path])
  }

  @Test func pitchAddsScaleTuningCoarseFineAndTheSamplesCorrection() throws {
    var fixture = Fixture.simple(instant + [Fixture.value(51, 2), Fixture.value(52, -7)])
    fixture.samples[0].pitchCorrection = -3
    fixture.samples[0].originalPitch = 69
    let bank = try bank(fixture)
    // A5 (81) from A4 (69): 1200 + 200 - 7 - 3 cents.
    let ratio = try bank.sample(for: "A5").pitchRatio
    #expect(abs(ratio - ExactMath.power(2, over: 1, exponent: 1_390.0 / 1_200)) < 1e-12)
  }

  @Test func theOverridingRootKeyWinsOverTheSamplesPitchAndThePresetCannotSetIt() throws {
    var fixture = Fixture.simple(instant + [Fixture.value(58, 72)])
    fixture.presets[0].zones[0].insert(Fixture.value(58, 40), at: 0)
    #expect(try bank(fixture).sample(for: "C5").pitchRatio == 1)
  }

  @Test func presetGeneratorsAddToTheInstrumentsAndGlobalZonesApply() throws {
    var fixture = Fixture.simple([Fixture.value(51, 2)])
    fixture.instruments[0].zones.insert(instant + [Fixture.value(52, 10)], at: 0)
    fixture.presets[0].zones.insert([Fixture.value(52, 5)], at: 0)
    fixture.presets[0].zones[1].insert(Fixture.value(51, 1), at: 0)
    let ratio = try bank(fixture).sample(for: "C4").pitchRatio
    #expect(abs(ratio - ExactMath.power(2, over: 1, exponent: 315.0 / 1_200)) < 1e-12)
  }

  @Test func keyAndVelocityRangesIntersectAndChooseTheZone() throws {
    var fixture = Fixture.simple()
    fixture.samples.append(Fixture.Sample(name: "soft", points: [7, 7]))
    fixture.instruments[0].zones = [
      [Fixture.keys(0, 64), Fixture.velocities(1, 63)] + instant + [Fixture.sample(1)],
      [Fixture.keys(0, 64), Fixture.velocities(64, 127)] + instant + [Fixture.sample(0)],
    ]
    fixture.presets[0].zones[0].insert(Fixture.keys(60, 72), at: 0)
    let bank = try bank(fixture)
    #expect(bank.titles == ["C4", "C#4", "Db4", "D4", "D#4", "Eb4", "E4"])
    let soft = bank.strikeLayer(for: "D4", gain: 0.3, turn: 0)
    let loud = bank.strikeLayer(for: "D4", gain: 1, turn: 0)
    #expect(soft != loud)
    #expect(try bank.sample(for: "D4", strikeLayer: soft).frameCount == 2)
    #expect(try bank.sample(for: "D4", strikeLayer: loud).frameCount == 4)
    #expect(bank.strikeLayer(for: "F4", gain: 1, turn: 0) == -1)
  }

  @Test func levelIsFluidSynthsVelocityCurveTimesFourTenthsOfTheAttenuation() throws {
    let bank = try bank(.simple([Fixture.value(48, 100)]))
    let layer = bank.strikeLayer(for: "C4", gain: 1, turn: 0)
    // 100 cB × 0.4 = 40 cB = 4 dB.
    #expect(abs(bank.level(forGain: 1, title: "C4", strikeLayer: layer) - 0.630_957_344) < 1e-9)
    let half = bank.level(forGain: 0.5, title: "C4", strikeLayer: layer)
    #expect(abs(half - 0.630_957_344 * (64.0 / 127) * (64.0 / 127)) < 1e-9)
    #expect(bank.level(forGain: 0, title: "C4", strikeLayer: layer) == 0)
  }

  @Test func offsetsMoveTheStartAndEndWithinTheSample() throws {
    let bank = try bank(.simple(instant + [Fixture.value(0, 1), Fixture.value(1, -1)]))
    #expect(
      try bank.sample(for: "C4").values == centred([2_000, -3_000]))
  }

  @Test func twentyFourBitPointsTakeTheirLowBytesFromSm24() throws {
    var fixture = Fixture.simple(instant, points: [1, -1])
    // Two points, then 46 of padding.
    fixture.extra = [0x80, 0x40] + [UInt8](repeating: 0, count: 46)
    let values = try bank(fixture).sample(for: "C4").values
    let expected: [Float] = [256 + 128, -256 + 64].map { (point: Int) -> Float in
      Float(Double(point) / 8_388_608)
    }
    #expect(values == expected)
  }

  @Test func theEnvelopeDelaysRisesHoldsAndDecaysToItsSustain() throws {
    // 1 s at 4 Hz: delay 0.5 s (-1200), attack 0.5 s, hold 0.5 s, decay 1 s to 500 cB (48 dB).
    let generators = [
      Fixture.value(33, -1_200), Fixture.value(34, -1_200), Fixture.value(35, -1_200),
      Fixture.value(36, 0), Fixture.value(37, 500),
    ]
    var fixture = Fixture.simple(generators, points: [Int16](repeating: 16_384, count: 20))
    fixture.samples[0].rate = 4
    let envelope = try #require(
      presetZones(of: 0, in: SF2File(bytes: fixture.bytes().bytes, path: "x.sf2"), path: "x.sf2")
        .first
    ).envelope(forKey: 60)
    #expect(abs(envelope.delay - 0.5) < 1e-12)
    #expect(abs(envelope.gain(at: 0.25) - 0.5) < 1e-9)
    #expect(envelope.gain(at: 0.75) == 1)
    #expect(abs(envelope.gain(at: 1.5) - Decibels.linear(-48)) < 1e-12)
    #expect(abs(envelope.gain(at: 9) - Decibels.linear(-48)) < 1e-12)
  }

  @Test func aStereoPairPlaysLeftAndRightByItsPan() throws {
    var fixture = Fixture.simple()
    fixture.samples = [
      Fixture.Sample(name: "L", points: [100, 200], type: 4),
      Fixture.Sample(name: "R", points: [-100, -200], type: 2),
    ]
    fixture.instruments[0].zones = [
      instant + [Fixture.value(17, -500), Fixture.sample(0)],
      instant + [Fixture.value(17, 500), Fixture.sample(1)],
    ]
    let sample = try bank(fixture).sample(for: "C4")
    #expect(sample.channels == 2)
    // Hard left: the sine law's 1, over its 0.707 in the centre.
    let side = 1 / ExactMath.sin(Double.pi / 4)
    let written: [Int] = [100, -100, 200, -200]
    #expect(sample.values == written.map { Float(Double($0) / 32_768 * side) })
  }

  @Test func aKeyMorePitchedThanEightOctavesIsRefused() throws {
    let bank = try bank(.simple([Fixture.value(58, 0)]))
    #expect(
      throws: BankError(
        path: bank.path,
        reason: "preset 'Xylophone' plays G9 12700 cents from the pitch of sample 'tone'; at most "
          + "8 octaves either way")
    ) { try bank.sample(for: "G9") }
  }

  @Test func aSampleLongerThanTheLimitWhenPitchedIsRefused() throws {
    let fixture = Fixture.simple(instant, points: [Int16](repeating: 1, count: 44_100))
    let bank = try SF2Bank(path: write(fixture), program: 14, maximumSampleSeconds: 1)
    #expect(try bank.sample(for: "C4").frameCount == 44_100)
    #expect(
      throws: BankError(
        path: bank.path,
        reason: "preset 'Xylophone' pitched to C3 would last \(timeText(seconds: 2)), over the 1 s "
          + "limit (--max-sample-seconds)")
    ) { try bank.sample(for: "C3") }
  }

  @Test func presetsAreListedByBankAndProgramNumberedFromOne() throws {
    var fixture = Fixture.simple()
    fixture.presets.insert(
      Fixture.Part(name: "Marimba", program: 12, zones: [[Fixture.instrument(0)]]), at: 0)
    let path = try write(fixture)
    #expect(
      try SF2Bank.presets(in: path) == [
        SF2Preset(bank: 0, program: 13, name: "Marimba"),
        SF2Preset(bank: 0, program: 14, name: "Xylophone"),
      ])
    #expect(
      throws: BankError(
        path: path,
        reason: "it has no preset 0:15 (bank 0, program 15 of 1-128); `xylo-render keys --bank` "
          + "lists its presets")
    ) { try SF2Bank(path: path, program: 15) }
  }
}

/// The General MIDI SoundFonts Debian ships (fluid-soundfont-gm, timgm6mb-soundfont), which
/// `scripts/bootstrap` installs: a test of one that is missing fails, saying so.
private let realSoundFonts = [
  "/usr/share/sounds/sf2/FluidR3_GM.sf2", "/usr/share/sounds/sf2/TimGM6mb.sf2",
]

/// Fails the test, with the reason, when `path` is not there.
private func requireInstalled(_ path: String) throws {
  try #require(
    FileSystem.kind(of: path) == .file,
    "\(path) is missing: scripts/bootstrap installs fluid-soundfont-gm and timgm6mb-soundfont")
}

@Suite struct SF2RealFileTests {
  @Test(arguments: realSoundFonts)
  func everyPresetOfARealSoundFontResolvesToZonesWithSamples(_ path: String) throws {
    try requireInstalled(path)
    let bytes = try FileSystem.readAll(path, limit: SF2Bank.maximumFileBytes)
    let file = try SF2File(bytes: bytes, path: path)
    #expect(file.presets.count > 128)
    for index in file.presets.indices {
      let zones = try presetZones(of: index, in: file, path: path)
      #expect(!zones.isEmpty, "\(file.presets[index].name)")
      for sample in Set(zones.map(\.sample)) {
        try SF2SamplePoints.check(file.samples[sample], in: file, path: path)
      }
    }
  }

  /// FluidR3's xylophone: stereo pairs rooted on C5, C6 and C7 (so unpitched there), 5 dB of
  /// attenuation as FluidSynth applies it (125 cB × 0.4). TimGM6mb's: short samples looped
  /// until its envelope is silent.
  @Test(arguments: realSoundFonts)
  func theXylophoneOfARealSoundFontPlaysItsRange(_ path: String) throws {
    try requireInstalled(path)
    let bank = try SF2Bank(path: path, program: 14)
    #expect(bank.preset.name.lowercased().contains("xylo"))
    for title in ["C5", "C6", "G6", "C7"] {
      let sample = try bank.sample(for: title)
      #expect(sample.channels == 2)
      #expect(sample.frameCount > 300)
      guard path.hasSuffix("FluidR3_GM.sf2") else { continue }
      let layer = bank.strikeLayer(for: title, gain: 1, turn: 0)
      #expect(abs(bank.level(forGain: 1, title: title, strikeLayer: layer) - 0.562_341) < 1e-6)
      #expect(
        sample.pitchRatio == (title == "G6" ? ExactMath.power(2, over: 1, exponent: 1.0 / 12) : 1))
    }
  }
}
