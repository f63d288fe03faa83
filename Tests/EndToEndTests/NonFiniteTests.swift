import Foundation
import SoundFile
import TestSupport
import Testing

/// Writes a 48 kHz float WAV holding `values` (interleaved), NaN and infinities included.
private func writeFloatWav(_ path: String, _ values: [Float], channels: Int = 1) throws {
  let writer = try SoundFileWriter(
    path: path, format: .floatWAV, sampleRate: 48_000, channels: channels)
  try values.withUnsafeBufferPointer { try writer.write($0) }
  try writer.close()
}

/// NaN and infinities in either file fail `compare` whatever the tolerance, named with the
/// first frame where they occur; `hash` still gives such files a stable hash.
@Suite struct NonFiniteCompareTests {
  /// A file of 48 NaNs and a sine of the same length, mono.
  private func nanAndSine() throws -> (nan: String, sine: String) {
    let folder = try temporaryFolder()
    try writeFloatWav(folder + "/nan.wav", [Float](repeating: .nan, count: 48))
    try writeFloatWav(
      folder + "/sine.wav", (0..<48).map { Float(0.5 * sin(2 * Double.pi * Double($0) / 48)) })
    return (folder + "/nan.wav", folder + "/sine.wav")
  }

  @Test(arguments: [[], ["--tolerance", "-120"], ["--tolerance", "0"]])
  func nanAgainstASineFailsWhateverTheTolerance(_ tolerance: [String]) throws {
    let (nan, sine) = try nanAndSine()
    let result = try run(["compare", nan, sine] + tolerance)
    #expect(
      result.stdout == """
        different: '\(nan)' and '\(sine)'
          not finite: expected has NaN at frame 0 (0.000 s), channel 1
          first difference: frame 0 (0.000 s), channel 1: expected NaN, actual 0.000000
          differing frames: 48 of 48

        """)
    #expect(result.stderr == "")
    #expect(result.status == 1)
  }

  @Test func nanInTheActualFileIsNamedAsTheActualOne() throws {
    let (nan, sine) = try nanAndSine()
    let result = try run(["compare", sine, nan, "--tolerance", "-120"])
    #expect(
      result.stdout.hasPrefix(
        """
        different: '\(sine)' and '\(nan)'
          not finite: actual has NaN at frame 0 (0.000 s), channel 1

        """))
    #expect(result.status == 1)
  }

  @Test func theLargestDifferenceAndRMSCountOnlyFiniteValues() throws {
    let folder = try temporaryFolder()
    let expected = [Float](repeating: 0.25, count: 96)
    var actual = expected
    actual[7] = .nan  // frame 3, channel 2
    actual[10] = 0.25 + 1 / 1024  // frame 5, channel 1
    try writeFloatWav(folder + "/e.wav", expected, channels: 2)
    try writeFloatWav(folder + "/a.wav", actual, channels: 2)
    let result = try run(["compare", folder + "/e.wav", folder + "/a.wav", "--tolerance", "-40"])
    // RMS: 2^-10 over the 95 finite pairs, -60.2 - 10 log10(95) dBFS.
    #expect(
      result.stdout == """
        different: '\(folder)/e.wav' and '\(folder)/a.wav'
          not finite: actual has NaN at frame 3 (0.000 s), channel 2
          first difference: frame 3 (0.000 s), channel 2: expected 0.250000, actual NaN
          largest difference: -60.2 dBFS at frame 5 (0.000 s)
          difference RMS: -80.0 dBFS
          differing frames: 2 of 48

        """)
    #expect(result.status == 1)
  }

  /// The files are the same sample by sample, but a golden holding infinity is broken.
  @Test func infinityComparedWithItselfFails() throws {
    let path = try temporaryFolder() + "/inf.wav"
    try writeFloatWav(path, [0.25, .infinity, -.infinity])
    let result = try run(["compare", path, path, "--tolerance", "0"])
    #expect(
      result.stdout == """
        different: '\(path)' and '\(path)'
          not finite: expected has infinity at frame 1 (0.000 s), channel 1
          not finite: actual has infinity at frame 1 (0.000 s), channel 1
          first difference: frame 1 (0.000 s), channel 1: expected infinity, actual infinity
          differing frames: 2 of 3

        """)
    #expect(result.status == 1)
  }

  @Test func negativeInfinityIsNamed() throws {
    let folder = try temporaryFolder()
    try writeFloatWav(folder + "/e.wav", [0, -.infinity])
    try writeFloatWav(folder + "/a.wav", [0, 0])
    let result = try run(["compare", folder + "/e.wav", folder + "/a.wav"])
    #expect(
      result.stdout == """
        different: '\(folder)/e.wav' and '\(folder)/a.wav'
          not finite: expected has -infinity at frame 1 (0.000 s), channel 1
          first difference: frame 1 (0.000 s), channel 1: expected -infinity, actual 0.000000
          differing frames: 1 of 2

        """)
    #expect(result.stderr == "")
    #expect(result.status == 1)
  }

  @Test func nanPastTheShorterFileIsStillNamed() throws {
    let folder = try temporaryFolder()
    try writeFloatWav(folder + "/e.wav", [0.25, 0.25])
    try writeFloatWav(folder + "/a.wav", [0.25, 0.25, .nan])
    let result = try run(["compare", folder + "/e.wav", folder + "/a.wav"])
    #expect(
      result.stdout == """
        different: '\(folder)/e.wav' and '\(folder)/a.wav'
          length: expected 2 frames (0.000 s), actual 3 frames (0.000 s)
          not finite: actual has NaN at frame 2 (0.000 s), channel 1

        """)
    #expect(result.status == 1)
  }
}

@Suite struct NonFiniteHashTests {
  @Test func aFileOfNaNsHasAStableHashUnlikeAFiniteOne() throws {
    let folder = try temporaryFolder()
    try writeFloatWav(folder + "/nan.wav", [Float](repeating: .nan, count: 48))
    try writeFloatWav(folder + "/inf.wav", [Float](repeating: .infinity, count: 48))
    try writeFloatWav(folder + "/zero.wav", [Float](repeating: 0, count: 48))
    let first = try run(["hash", folder + "/nan.wav"])
    let second = try run(["hash", folder + "/nan.wav"])
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
    #expect(first.stdout.hasSuffix("  \(folder)/nan.wav\n"))
    let all = try run(["hash", folder + "/nan.wav", folder + "/inf.wav", folder + "/zero.wav"])
    let hashes = all.stdout.split(separator: "\n").map { $0.prefix(64) }
    #expect(Set(hashes).count == 3)
  }
}

/// A folder given where a sound file belongs is named as a folder, not as an unknown format.
@Suite struct FolderAsSoundFileTests {
  @Test func hashOfAFolderSaysItIsAFolder() throws {
    let folder = try temporaryFolder()
    let result = try run(["hash", folder])
    #expect(result.stderr == "xylo-render: error: cannot read '\(folder)': it is a folder\n")
    #expect(result.stdout == "")
    #expect(result.status == 1)
  }

  @Test func compareOfAFolderSaysItIsAFolderAndExits2() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/x.wav", [1, 2, 3])
    let result = try run(["compare", folder, folder + "/x.wav"])
    #expect(result.stderr == "xylo-render: error: cannot read '\(folder)': it is a folder\n")
    #expect(result.stdout == "")
    #expect(result.status == 2)
  }

  @Test func theCurrentFolderIsAFolderToo() throws {
    let result = try run(["hash", "."])
    #expect(result.stderr == "xylo-render: error: cannot read '.': it is a folder\n")
    #expect(result.status == 1)
  }
}
