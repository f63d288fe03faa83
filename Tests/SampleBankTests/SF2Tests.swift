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

/// Why `bytes` is refused, its path shown as `x.sf2`.
private func refusal(_ bytes: [UInt8], program: Int = 14) throws -> String? {
  let path = try file("x.sf2", in: temporaryFolder(), holding: bytes)
  do {
    _ = try SF2Bank(path: path, program: program)
    return nil
  } catch {
    #expect(error.path == path)
    return error.reason
  }
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
    #expect(sample.values == [100, -100, 200, -200].map { Float(Double($0) / 32_768 * side) })
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

/// A hostile file, and the one line that refuses it.
struct SF2Refusal: CustomTestStringConvertible, Sendable {
  var name: String
  var bytes: @Sendable () -> [UInt8]
  var reason: @Sendable () -> String
  var testDescription: String { name }
}

/// The simple file with `change` made to its fixture.
private func changed(_ change: (inout Fixture) -> Void) -> (
  bytes: [UInt8], offsets: Fixture.Offsets
) {
  var fixture = Fixture.simple()
  change(&fixture)
  return fixture.bytes()
}

private let good = Fixture.simple().bytes()
/// An instrument of two zones: its bags start at generators 0, 1 and (the terminal) 2.
private let twoZones = changed {
  $0.instruments[0].zones = [[Fixture.sample(0)], [Fixture.sample(0)]]
}

/// `bytes` with the 32-bit value at `offset` replaced.
private func patched(_ bytes: [UInt8], at offset: Int, _ value: Int) -> [UInt8] {
  var bytes = bytes
  bytes.replaceSubrange(offset..<offset + 4, with: Fixture.little(value, 4))
  return bytes
}

@Suite struct SF2HostileFileTests {
  static let cases: [SF2Refusal] = [
    SF2Refusal(
      name: "not RIFF", bytes: { Array("RIFX0000sfbk".utf8) },
      reason: { "at byte 0: it is not a SoundFont 2 file (no RIFF 'sfbk' header)" }),
    SF2Refusal(
      name: "truncated", bytes: { Array(good.bytes.prefix(good.bytes.count - 10)) },
      reason: {
        "at byte 0: chunk 'RIFF' says it holds \(good.bytes.count - 8) bytes; only "
          + "\(good.bytes.count - 18) follow in its file"
      }),
    SF2Refusal(
      name: "a 2^31 chunk size",
      bytes: { patched(good.bytes, at: good.offsets["smpl"] + 4, 1 << 31) },
      reason: {
        let smpl = good.offsets["smpl"]
        let listEnd = good.offsets["pdta"]
        return "at byte \(smpl): chunk 'smpl' says it holds 2147483648 bytes; only "
          + "\(listEnd - smpl - 8) follow in its list"
      }),
    SF2Refusal(
      name: "no shdr", bytes: { changed { $0.replaced["shdr"] = [] }.bytes },
      reason: {
        "at byte \(good.offsets["shdr"]): its 'shdr' chunk holds 0 bytes; it must hold 2 or more "
          + "records of 46 bytes"
      }),
    SF2Refusal(
      name: "sample past the data",
      bytes: { changed { $0.samples[0].end = 1_000 }.bytes },
      reason: {
        "at byte \(good.offsets["shdr"] + 8): sample 'tone' runs to point 1000, past the 50 "
          + "points of the file's sample data"
      }),
    SF2Refusal(
      name: "loop past the data",
      bytes: { changed { $0.samples[0].loop = (0, 51) }.bytes },
      reason: {
        "at byte \(good.offsets["shdr"] + 8): sample 'tone' runs to point 51, past the 50 "
          + "points of the file's sample data"
      }),
    SF2Refusal(
      name: "zero-length sample",
      bytes: { changed { $0.samples[0].end = 0 }.bytes },
      reason: {
        "at byte \(good.offsets["shdr"] + 8): sample 'tone' is empty (it starts at point 0 and "
          + "ends at 0)"
      }),
    SF2Refusal(
      name: "key range upside down",
      bytes: { changed { $0.instruments[0].zones[0].insert(Fixture.keys(70, 60), at: 0) }.bytes },
      reason: {
        "at byte \(good.offsets["igen"] + 8): a key range runs from 70 down to 60"
      }),
    SF2Refusal(
      name: "velocity range upside down",
      bytes: { changed { $0.presets[0].zones[0].insert(Fixture.velocities(100, 1), at: 0) }.bytes },
      reason: {
        "at byte \(good.offsets["pgen"] + 8): a velocity range runs from 100 down to 1"
      }),
    SF2Refusal(
      name: "bag index past the list",
      bytes: { patched(good.bytes, at: good.offsets["phdr"] + 8 + 38 + 24, 9) },
      reason: {
        "at byte \(good.offsets["phdr"] + 8 + 38): a preset's first zone (9) is past the end of "
          + "'pbag' (1)"
      }),
    SF2Refusal(
      name: "generator indices out of order",
      bytes: { patched(twoZones.bytes, at: twoZones.offsets["ibag"] + 8, 2) },
      reason: {
        "at byte \(twoZones.offsets["ibag"] + 12): a zone's first generator (1) comes before the "
          + "one above it (2)"
      }),
    SF2Refusal(
      name: "generator index past the list",
      bytes: { patched(twoZones.bytes, at: twoZones.offsets["ibag"] + 12, 5) },
      reason: {
        "at byte \(twoZones.offsets["ibag"] + 12): a zone's first generator (5) is past the end "
          + "of 'igen' (3)"
      }),
    SF2Refusal(
      name: "missing instrument",
      bytes: { changed { $0.presets[0].zones[0] = [Fixture.instrument(5)] }.bytes },
      reason: {
        "at byte \(good.offsets["pgen"] + 8): a preset zone names instrument 5; the file has 1"
      }),
    SF2Refusal(
      name: "missing sample",
      bytes: { changed { $0.instruments[0].zones[0] = [Fixture.sample(3)] }.bytes },
      reason: {
        "at byte \(good.offsets["igen"] + 8): an instrument zone names sample 3; the file has 1"
      }),
    SF2Refusal(
      name: "an instrument naming an instrument",
      bytes: { changed { $0.instruments[0].zones[0].insert(Fixture.instrument(0), at: 0) }.bytes },
      reason: {
        "at byte \(good.offsets["igen"] + 8): an instrument zone names an instrument "
          + "(generator 41), which only a preset zone may"
      }),
    SF2Refusal(
      name: "compressed samples",
      bytes: { changed { $0.samples[0].type = 0x11 }.bytes },
      reason: {
        "at byte \(good.offsets["shdr"] + 8): sample 'tone' is compressed (SoundFont 3, .sf3), "
          + "which xylo-render does not decode; use the .sf2"
      }),
  ]

  @Test(arguments: cases)
  func hostileFileIsRefusedInOneLineWithItsByte(_ hostile: SF2Refusal) throws {
    #expect(try refusal(hostile.bytes()) == hostile.reason())
  }
}

/// The General MIDI SoundFonts Debian ships (fluid-soundfont-gm, timgm6mb-soundfont), where
/// `scripts/bootstrap --measure` installed them.
private let realSoundFonts = [
  "/usr/share/sounds/sf2/FluidR3_GM.sf2", "/usr/share/sounds/sf2/TimGM6mb.sf2",
].filter { FileSystem.kind(of: $0) == .file }

@Suite struct SF2RealFileTests {
  @Test(.enabled(if: !realSoundFonts.isEmpty), arguments: realSoundFonts)
  func everyPresetOfARealSoundFontResolvesToZonesWithSamples(_ path: String) throws {
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
  /// attenuation as FluidSynth applies it (125 cB × 0.4). TimGM6mb's: short looped samples.
  @Test(.enabled(if: !realSoundFonts.isEmpty), arguments: realSoundFonts)
  func theXylophoneOfARealSoundFontPlaysItsRange(_ path: String) throws {
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
