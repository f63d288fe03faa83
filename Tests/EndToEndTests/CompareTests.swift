import Foundation
import SoundFile
import TestSupport
import Testing

@Suite struct CompareTests {
  /// A golden and a copy with sample 4410 raised by one 16-bit step.
  private func goldenAndOneStepOff() throws -> (String, String, String) {
    let folder = try temporaryFolder()
    let values = (0..<48_000).map { Int16(truncatingIfNeeded: ($0 * 37) % 20_000 - 10_000) }
    var changed = values
    changed[4_410] += 1
    try writeWav(folder + "/golden.wav", values)
    try writeWav(folder + "/actual.wav", changed)
    return (folder, folder + "/golden.wav", folder + "/actual.wav")
  }

  @Test func oneStepOffFailsAndNamesTheFrame() throws {
    let (_, golden, actual) = try goldenAndOneStepOff()
    let result = try run(["compare", golden, actual])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        different: '\(golden)' and '\(actual)'
          first difference: frame 4410 (0.092 s), channel 1: expected -0.208435, actual -0.208405
          largest difference: -90.3 dBFS at frame 4410 (0.092 s)
          difference RMS: -137.1 dBFS
          differing frames: 1 of 48000

        """)
  }

  @Test func aToleranceOfMinus90DBFSAcceptsOneStep() throws {
    let (_, golden, actual) = try goldenAndOneStepOff()
    let result = try run(["compare", golden, actual, "--tolerance", "-90"])
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix(
        "within tolerance: '\(golden)' and '\(actual)' (largest difference -90.3 dBFS, tolerance -90.0 dBFS)\n"
      ))
    #expect(try run(["compare", golden, actual, "--tolerance", "-91"]).status == 1)
  }

  @Test func theDifferenceSignalIsWrittenOnRequest() throws {
    let (folder, golden, actual) = try goldenAndOneStepOff()
    _ = try run(["compare", golden, actual, "--diff-out", folder + "/diff.wav"])
    let reader = try SoundFileReader(path: folder + "/diff.wav")
    let values = try reader.readAll(maxFrames: 100_000)
    #expect(values.count == 48_000)
    #expect(values[4_410] == Float(1) / 32_768)
    #expect(values.enumerated().allSatisfy { $0.offset == 4_410 || $0.element == 0 })
  }

  @Test func wavAndFlacOfOneRenderAreIdentical() throws {
    let folder = try temporaryFolder()
    for ext in ["wav", "flac"] {
      _ = try run(["render", "Examples/scores/mary.xylo", "-o", "\(folder)/m.\(ext)", "--quiet"])
    }
    let result = try run(["compare", folder + "/m.wav", folder + "/m.flac"])
    #expect(
      result.stdout
        == "identical: '\(folder)/m.wav' and '\(folder)/m.flac' (767971 frames, 48000 Hz, 1 channel)\n"
    )
    #expect(result.status == 0)
  }

  @Test func rateChannelAndLengthMismatchesAreNamed() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/a.wav", [1, 2, 3])
    try writeWav(folder + "/b.wav", [1, 2, 3], rate: 44_100)
    try writeWav(folder + "/c.wav", [1, 2, 3, 4], channels: 2)
    try writeWav(folder + "/d.wav", [1, 2, 3, 0])
    let rate = try run(["compare", folder + "/a.wav", folder + "/b.wav"])
    #expect(rate.stdout.hasSuffix("  sample rate: expected 48000 Hz, actual 44100 Hz\n"))
    #expect(rate.status == 1)
    let channels = try run(["compare", folder + "/a.wav", folder + "/c.wav"])
    #expect(channels.stdout.hasSuffix("  channels: expected 1, actual 2\n"))
    let length = try run(["compare", folder + "/a.wav", folder + "/d.wav"])
    #expect(
      length.stdout == """
        different: '\(folder)/a.wav' and '\(folder)/d.wav'
          length: expected 3 frames (0.000 s), actual 4 frames (0.000 s)

        """)
    #expect(length.status == 1)
  }

  @Test func anUnreadableFileExits2() throws {
    let (_, golden, _) = try goldenAndOneStepOff()
    let result = try run(["compare", golden, "/no/such.wav"])
    #expect(result.status == 2)
    #expect(
      result.stderr == "xylo-render: error: cannot read '/no/such.wav': No such file or directory\n"
    )
  }

  @Test func silentAndEmptyGoldensWarn() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/silent.wav", [0, 0, 0])
    try writeWav(folder + "/empty.wav", [])
    let silent = try run(["compare", folder + "/silent.wav", folder + "/silent.wav"])
    #expect(
      silent.stderr
        == "xylo-render: warning: both files are silent; a golden of silence usually hides a broken render\n"
    )
    #expect(silent.status == 0)
    let empty = try run(["compare", folder + "/empty.wav", folder + "/empty.wav"])
    #expect(
      empty.stderr
        == "xylo-render: warning: \(folder)/empty.wav holds no audio (0 frames); a golden without audio usually hides a broken render\n"
    )
  }

  @Test func theScoreNamesTheTapsSoundingAtTheFirstDifference() throws {
    let folder = try temporaryFolder()
    let score = try temporaryScore("C\nE:0 G\n")
    _ = try run(["render", score, "-o", folder + "/golden.wav", "--quiet"])
    _ = try run(["render", score, "-o", folder + "/actual.wav", "--quiet", "--gain", "0.1"])
    let result = try run([
      "compare", folder + "/golden.wav", folder + "/actual.wav", "--score", score,
    ])
    // The first difference is C's first frame; E and G start only at 0.5 s.
    #expect(result.stdout.hasSuffix("  sounding there: C (line 1)\n"))
    #expect(result.status == 1)
  }
}

@Suite struct HashTests {
  @Test func theSameSamplesInWavFlacAndAiffHashAlike() throws {
    let folder = try temporaryFolder()
    for ext in ["wav", "flac", "aiff"] {
      _ = try run(["render", "Examples/scores/twinkle.xylo", "-o", "\(folder)/t.\(ext)", "--quiet"])
    }
    let result = try run(["hash", "\(folder)/t.wav", "\(folder)/t.flac", "\(folder)/t.aiff"])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 3)
    let hashes = Set(lines.map { $0.prefix(64) })
    #expect(hashes.count == 1)
    #expect(
      lines[0]
        == "86bb27aba5714d487317b5c85b2cc0ed61a96f195858ba45b55aea6c0bd5a792  \(folder)/t.wav")
  }

  @Test func oneChangedSampleChangesTheHash() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/a.wav", [1, 2, 3])
    try writeWav(folder + "/b.wav", [1, 2, 4])
    try writeWav(folder + "/c.wav", [1, 2, 3], rate: 44_100)
    let lines = try run(["hash", folder + "/a.wav", folder + "/b.wav", folder + "/c.wav"]).stdout
      .split(separator: "\n")
    #expect(Set(lines.map { $0.prefix(64) }).count == 3)
  }

  @Test func renderPrintsTheHashOfWhatItWrote() throws {
    let out = try temporaryFolder() + "/m.wav"
    let render = try run([
      "render", "Examples/scores/mary.xylo", "-o", out, "--quiet", "--print-hash",
    ])
    let hash = try run(["hash", out])
    #expect(render.stdout == hash.stdout)
  }

  @Test func anUnreadableFileIsAnErrorButTheOthersAreHashed() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/a.wav", [1])
    let result = try run(["hash", "/no/such.wav", folder + "/a.wav"])
    #expect(result.status == 1)
    #expect(result.stdout.hasSuffix("  \(folder)/a.wav\n"))
    #expect(
      result.stderr == "xylo-render: error: cannot read '/no/such.wav': No such file or directory\n"
    )
  }
}
