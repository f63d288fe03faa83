import Foundation
import TestSupport
import Testing

@Suite struct RenderOptionTests {
  @Test func clippingIsCountedAndReported() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/C.wav", [32_000, 16_000, 0])
    try writeWav(folder + "/D.wav", [32_000, 16_000, 0])
    let out = folder + "/o.wav"
    let result = try run(
      ["render", "-", "-o", out, "--bank", folder, "--tail", "0"], input: "0 C\n0 D\n2 .\n")
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: warning: 1 sample clipped (peak +5.8 dBFS at 0.000 s); try --normalize or --gain\n"
      ))
    #expect(try readInts(out).values.prefix(3) == [32_767, 32_000, 0])
  }

  @Test func normalizePutsThePeakAtMinusOneDBFSByDefault() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/C.wav", [8_000, -20_000, 4_000])
    let cases: [([String], [Int32])] = [
      ([], [11_682, -29_205, 5_841]), (["-6"], [6_569, -16_423, 3_285]),
    ]
    for (arguments, expected) in cases {
      let out = folder + "/n.wav"
      let result = try run(
        ["render", "-", "-o", out, "--bank", folder, "--quiet", "--normalize"] + arguments,
        input: "C\n")
      #expect(result.status == 0)
      #expect(try readInts(out).values == expected)
    }
  }

  @Test func gainInDecibelsScalesTheMix() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/C.wav", [20_000])
    let out = folder + "/g.wav"
    _ = try run(
      ["render", "-", "-o", out, "--bank", folder, "--quiet", "--gain", "-6.0206"], input: "C\n")
    #expect(try readInts(out).values == [10_000])
  }

  @Test func lengthFollowsTheLastSampleTailAndDuration() throws {
    let bank = try impulseBank()
    let folder = try temporaryFolder()
    // Each impulse is 1 frame of sound and 9 of zeros: the decayed end is right after the last
    // sound, `--tail 0` where the last sample ends.
    let cases: [([String], Int64)] = [
      ([], 24_001), (["--tail", "auto"], 24_001), (["--tail", "0"], 24_010),
      (["--tail", "0.5"], 48_010), (["--duration", "0.25"], 12_000), (["--duration", "1"], 48_000),
    ]
    for (arguments, frames) in cases {
      let out = folder + "/l.wav"
      _ = try run(
        ["render", "-", "-o", out, "--bank", bank, "--quiet"] + arguments, input: "C D\n")
      #expect(try readInts(out).info.frameCount == frames, "\(arguments)")
    }
  }

  @Test(arguments: [[String](), ["--normalize"], ["--loudness", "-16"], ["--room", "small"]])
  func anAutomaticTailCutsOnlyWhatHasDecayedBelowMinus90DBFS(_ level: [String]) throws {
    let folder = try temporaryFolder()
    let score = folder + "/s.xylo"
    try "options --tail auto --encoding pcm24\nC D*0.1 E+G\n".write(
      toFile: score, atomically: true, encoding: .utf8)
    let (auto, natural) = (folder + "/auto.wav", folder + "/natural.wav")
    for (out, extra) in [(auto, [String]()), (natural, ["--tail", "0"])] {
      let result = try run(["render", score, "-o", out, "--quiet"] + level + extra)
      try #require(result.status == 0, "\(result.stderr)")
    }
    let cut = try readInts(auto, fullScale: 8_388_608).values
    let whole = try readInts(natural, fullScale: 8_388_608).values
    #expect(cut.count < whole.count)
    #expect(Array(whole.prefix(cut.count)) == cut)
    let dropped = whole.dropFirst(cut.count).map { abs($0) }.max() ?? 0
    #expect(Double(dropped) < 8_388_608 * 3.162_277_66e-5, "\(dropped)")  // -90 dBFS
  }

  @Test func fadeOutRampsTheEndToSilence() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/C.wav", [Int16](repeating: 16_000, count: 100), rate: 1_000)
    let out = folder + "/f.wav"
    _ = try run(
      [
        "render", "-", "-o", out, "--bank", folder, "--quiet", "--rate", "1000", "--fade-out",
        "0.004",
      ],
      input: "C\n")
    let values = try readInts(out).values
    #expect(values.count == 100)
    #expect(Array(values.suffix(5)) == [16_000, 16_000, 12_000, 8_000, 4_000])
  }

  @Test func polyphonyOneStopsEachSoundLikeTheApp() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/C.wav", [Int16](repeating: 1_000, count: 48_000))
    let out = folder + "/p.wav"
    _ = try run(
      ["render", "-", "-o", out, "--bank", folder, "--quiet", "--polyphony", "1"], input: "C C\n")
    let values = try readInts(out).values
    #expect(values.count == 72_000)
    #expect(values.allSatisfy { $0 == 1_000 })
    _ = try run(["render", "-", "-o", out, "--bank", folder, "--quiet"], input: "C C\n")
    #expect(try readInts(out).values[30_000] == 2_000)
  }

  @Test func monoSamplesRenderToStereoOnRequestAndBack() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/C.wav", [1_000, 2_000])
    let out = folder + "/c.wav"
    _ = try run(
      ["render", "-", "-o", out, "--bank", folder, "--quiet", "--channels", "2"], input: "C\n")
    let stereo = try readInts(out)
    #expect(stereo.info.channels == 2)
    #expect(stereo.values == [1_000, 1_000, 2_000, 2_000])
  }

  @Test func ditherIsSeededAndDeterministic() throws {
    let bank = try impulseBank()
    let folder = try temporaryFolder()
    var files: [Data] = []
    for seed in ["1", "1", "2"] {
      let out = folder + "/d\(files.count).wav"
      _ = try run(
        [
          "render", "-", "-o", out, "--bank", bank, "--quiet", "--dither", "--dither-seed", seed,
          "--tail", "0.1",
        ],
        input: "C\n")
      files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
    }
    #expect(files[0] == files[1])
    #expect(files[0] != files[2])
  }

  @Test(arguments: [
    (["-o", "x.flac", "--encoding", "float"], "flac cannot hold float samples; use pcm16, pcm24"),
    (
      ["-o", "x.ogg", "--encoding", "pcm16"],
      "ogg is a lossy format and takes no --encoding (got pcm16)"
    ),
    (
      ["-o", "x.xyz"],
      "cannot tell the format of 'x.xyz' from its extension; name one with --format (wav, flac, aiff, caf, w64, rf64, ogg, opus, mp3, m4a, m4r)"
    ),
    (
      ["-o", "x.wav", "--channels", "3"],
      "--channels needs a whole number of channels from 1 to 2, got '3'"
    ),
    (
      ["-o", "x.wav", "--gain", "1", "--normalize"],
      "--gain and --normalize cannot be combined; --normalize sets the gain"
    ),
    ([String](), "missing -o OUT (a file name, or '-' for standard output)"),
    (
      ["-o", "x.wav", "--max-sample-seconds", "0"],
      "--max-sample-seconds needs a whole number from 1 to 86400, got '0'"
    ),
  ])
  func badRenderOptionsExit64(_ arguments: [String], _ reason: String) throws {
    let result = try run(["render", "Examples/scores/twinkle.xylo"] + arguments)
    #expect(
      result.stderr
        == "xylo-render: error: \(reason)\nUSAGE: xylo-render render SCORE -o OUT [options]\n")
    #expect(result.status == 64)
  }

  @Test func keysListsTheBanksSamples() throws {
    let result = try run(["keys", "--bank", appSounds])
    let lines = result.stdout.split(separator: "\n")
    try #require(lines.count == 9)
    #expect(lines.first == "KEY    PITCH  HZ  RATE   CHANNELS  SECONDS  FRAMES  SOURCE")
    #expect(lines[1] == "C      -      -   48000  2         3.767    180798  \(appSounds)/C.wav")
    #expect(
      lines[8] == "HighC  -      -   44100  2         3.750    165375  \(appSounds)/HighC.wav")
    #expect(result.status == 0)
  }
}

/// A rate FFmpeg's encoders cannot take is refused, never changed behind the user's back.
@Suite struct EncoderRateTests {
  @Test(arguments: [
    ["render", "-", "-o", "x.m4a", "--rate", "1000"],
    ["video", "-", "-o", "x.mp4", "--rate", "32000"],
    ["ringtone", "-", "-o", "x.m4r", "--rate", "22050"],
  ])
  func aRateAACCannotTakeIsABadCommandLine(_ arguments: [String]) throws {
    let result = try run(arguments, input: "C\n")
    #expect(result.status == 64)
    let rate = arguments[arguments.count - 1]
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: error: --rate \(rate) cannot be encoded: AAC, the phones' Ogg and video take 44100 or 48000 Hz\n"
      ))
  }

  @Test func aScoreAskingForSuchARateFailsNamingIt() throws {
    let folder = try temporaryFolder()
    let result = try run(
      ["render", "-", "-o", folder + "/x.m4a"], input: "options --rate 22050\nC\n")
    #expect(result.status == 1)
    #expect(result.stderr.contains("--rate 22050 cannot be encoded"))
    #expect(listing(folder).isEmpty)
  }
}
