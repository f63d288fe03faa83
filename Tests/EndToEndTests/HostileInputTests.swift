import Foundation
import SoundFile
import TestSupport
import Testing

/// Hostile banks and scores: one clear line (or the score's diagnostics), exit 1, no output
/// written, never a crash. docs/reliability.md lists each case and names its test here.
@Suite struct HostileBankTests {
  /// Renders `C` with a bank holding only `C.wav` as `prepare` makes it, and checks the answer;
  /// `unprivileged` runs the binary as a user who may list the bank and write the output folder.
  private func expectRefused(
    _ reason: String, arguments: [String] = [], unprivileged: Bool = false,
    prepare: (String) throws -> Void
  ) throws {
    let bank = try temporaryFolder(mode: 0o755)
    try prepare(bank + "/C.wav")
    let out = try temporaryFolder(mode: 0o777)
    let result = try run(
      ["render", "-", "-o", out + "/o.wav", "--bank", bank] + arguments, input: "C\n",
      unprivileged: unprivileged)
    #expect(result.stderr == "xylo-render: error: cannot use '\(bank)/C.wav': \(reason)\n")
    #expect(result.status == 1)
    #expect(listing(out).isEmpty)
  }

  @Test func anEmptyFile() throws {
    try expectRefused("it is empty") {
      _ = FileManager.default.createFile(atPath: $0, contents: nil)
    }
  }

  @Test func aTextFileNamedLikeAWav() throws {
    try expectRefused("it is not a sound file libsndfile can read") {
      try Data("not audio, just text\n".utf8).write(to: URL(fileURLWithPath: $0))
    }
  }

  @Test func garbageThatLooksLikeMPEGPrintsNoDecoderNoise() throws {
    try expectRefused("it is not a sound file libsndfile can read") {
      try Data([0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 200))
        .write(to: URL(fileURLWithPath: $0))
    }
  }

  @Test func aTruncatedWav() throws {
    try expectRefused("it is truncated (data : 723192 (should be 56))") {
      let whole = try Data(contentsOf: URL(fileURLWithPath: appSounds + "/C.wav"))
      try whole.prefix(100).write(to: URL(fileURLWithPath: $0))
    }
  }

  @Test func aFolderNamedLikeAWav() throws {
    try expectRefused("it is a folder, not a sound file") {
      try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false)
    }
  }

  @Test func aLinkLoop() throws {
    try expectRefused("Too many levels of symbolic links") { path in
      let other = (path as NSString).deletingLastPathComponent + "/loop.wav"
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: other)
      try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: path)
    }
  }

  @Test func eightChannels() throws {
    try expectRefused("it has 8 channels; a sample may have 1 or 2") {
      try writeWav($0, [Int16](repeating: 0, count: 16), channels: 8)
    }
  }

  @Test(arguments: [(1, "1 Hz"), (10_000_000, "10000000 Hz")])
  func absurdSampleRates(_ rate: Int, _ text: String) throws {
    try expectRefused(
      "its sample rate is \(text); a sample's rate must be from 1000 to 768000 Hz"
    ) { path in
      try writeWav(path, [1, 2, 3])
      var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      // The fmt chunk's sample rate (offset 24) and byte rate (offset 28), little-endian.
      for (offset, value) in [(24, UInt32(rate)), (28, UInt32(rate * 2))] {
        for byte in 0..<4 { bytes[offset + byte] = UInt8((value >> (8 * UInt32(byte))) & 0xFF) }
      }
      try bytes.write(to: URL(fileURLWithPath: path))
    }
  }

  @Test func infinityInAFloatSample() throws {
    try expectRefused("it holds a value that is not a finite number at frame 2") { path in
      let format = try OutputFormat.make(container: .wav, encoding: .float).get()
      let writer = try SoundFileWriter(path: path, format: format, sampleRate: 48_000, channels: 1)
      try [Float(1), 0.5, .infinity].withUnsafeBufferPointer { try writer.write($0) }
      try writer.close()
    }
  }

  @Test func aSampleLongerThanTheLimit() throws {
    try expectRefused(
      "it is 96000 frames long, more than the limit of 48000",
      arguments: ["--max-sample-seconds", "1"]
    ) { try writeWav($0, [Int16](repeating: 0, count: 96_000)) }
  }

  @Test(.unprivilegedRunIsPossible) func anUnreadableFile() throws {
    try expectRefused("Permission denied", unprivileged: true) { path in
      try writeWav(path, [1])
      try setMode(path, 0)
    }
  }
}

@Suite struct HostileScoreTests {
  /// Writes `bytes` to a fresh score file and returns its path.
  private func scoreFile(_ bytes: [UInt8]) throws -> String {
    let path = try temporaryFolder() + "/s.xylo"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func check(_ bytes: [UInt8]) throws -> RunResult {
    try run(["check", try scoreFile(bytes)])
  }

  @Test func invalidUTF8AndNULBytes() throws {
    let result = try check(Array("C D\n".utf8) + [0xC3, 0x28] + Array(" E\nF \0 G\n".utf8))
    #expect(result.status == 1)
    #expect(result.stderr.contains(":2:1: error: invalid UTF-8 byte 0xC3; save the score as UTF-8"))
    #expect(result.stderr.contains(":3:3: error: unknown token '\\u{0}'"))
  }

  @Test func aTenMegabyteLine() throws {
    let path = try scoreFile([UInt8](repeating: UInt8(ascii: "C"), count: 10_000_000))
    let result = try run(["check", path])
    // One word of ten million characters: quoted short, shown by 120 characters of its line.
    #expect(
      result.stderr == """
        \(path):1:1: error: unknown key 'CCCCCCCCCCCCCCCCCCCCCCCC...CCCCCCCCCCCCC'; the bank has no such title
        \(String(repeating: "C", count: 120))...
        ^\(String(repeating: "~", count: 122))

        """)
    #expect(result.status == 1)
  }

  /// A line past a megabyte (once refused) is read a token at a time, whole.
  @Test func aLongLineOfTapsIsReadWhole() throws {
    let path = try scoreFile(Array(String(repeating: "C D E F G A B ", count: 90_000).utf8))
    let result = try run(["check", path, "--max-duration", "400000"])
    #expect(result.stderr == "")
    #expect(result.stdout == "\(path): 630000 taps, 7 keys, 315000.000 s\n")
    #expect(result.status == 0)
  }

  /// The tap limit stops the expansion where it is passed, in a line or in a group that holds
  /// more taps than it; the rest of the file is only checked.
  @Test(arguments: [("", 201), ("[", 1_260_002)])
  func theTapLimitStopsALongLineWhereItIsPassed(_ open: String, _ column: Int) throws {
    let line =
      open + String(repeating: "C D E F G A B ", count: 90_000) + (open.isEmpty ? "" : "]x2")
    let result = try run(["check", try scoreFile(Array(line.utf8)), "--max-taps", "100"])
    #expect(
      result.stderr.contains(
        ":1:\(column): error: the score expands to more than 100 taps, the limit (see --max-taps)\n"
      ))
    #expect(result.status == 1)
  }

  @Test func numbersAndCountsWithHundredsOfDigits() throws {
    let digits = String(repeating: "9", count: 300)
    let result = try check(Array("tempo \(digits)\n[C]x\(digits)\nC:0.\(digits)\n".utf8))
    // Quoted tokens are cut to 40 characters: the start and the end, with `...` between.
    let nines = String(repeating: "9", count: 24)
    let tail = String(repeating: "9", count: 13)
    #expect(
      result.stderr.contains(
        ":1:7: error: tempo '\(nines)...\(tail)' has too many digits to hold exactly"))
    #expect(
      result.stderr.contains(
        ":2:3: error: repeat count ']x\(nines.dropLast(2))...\(tail)' is too large"))
    #expect(
      result.stderr.contains(
        ":3:3: error: length '0.\(nines.dropLast(2))...\(tail)' has too many digits to hold exactly"
      ))
  }

  @Test func tinyTemposAndFarTimestampsHitTheDurationLimit() throws {
    let slow = try check(Array("tempo 1/99999999999999\nC\n".utf8))
    #expect(
      slow.stderr.contains(
        "error: the score runs past 7200 seconds, the limit (see --max-duration)"))
    // After a tap; a tap log that starts that late plays from its first tap instead.
    let far = try check(Array("C\n9000 C\n".utf8))
    #expect(far.stderr.contains(":2:1: error: the score runs past 7200 seconds"))
  }

  /// Refused from the count alone, before one tap is expanded.
  @Test func tenMillionTapsOfOneKeyHitTheTapLimitAtOnce() throws {
    let path = try scoreFile(Array("[C:0]x10000001\n".utf8))
    let result = try run(["check", path])
    #expect(
      result.stderr == """
        \(path):1:5: error: the score expands to more than 10000000 taps, the limit (see --max-taps)
        [C:0]x10000001
            ^~~~~~~~~~

        """)
    #expect(result.status == 1)
  }

  @Test func aScoreFileLargerThanTheLimit() throws {
    let folder = try temporaryFolder()
    let path = folder + "/big.xylo"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.truncate(atOffset: 17_000_000)
    try handle.close()
    let result = try run(["check", path])
    #expect(
      result.stderr
        == "xylo-render: error: cannot read '\(path)': it is larger than 16777216 bytes, the limit\n"
    )
    #expect(result.status == 1)
  }

  @Test func aPileOfTapsOfOneKeyOnOneFrameStrikesItOnce() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/C.wav", [Int16](repeating: 100, count: 10))
    let result = try run(
      ["render", "-", "-o", folder + "/o.wav", "--bank", folder], input: "[C:0]x300\n")
    #expect(result.status == 0)
    #expect(
      result.stderr.hasSuffix(
        "xylo-render: note: 299 taps struck keys already struck on the same frame; each bar sounds once, at its strongest tap\n"
      ))
    #expect(try readInts(folder + "/o.wav").values == [Int32](repeating: 100, count: 10))
  }

  @Test func theDefaultVoiceLimitBoundsAPileOfOverlappingTaps() throws {
    let folder = try temporaryFolder()
    try writeWav(folder + "/C.wav", [Int16](repeating: 100, count: 1_000))
    // 300 taps a frame apart at 48 kHz, each ringing 1,000 frames: 300 at once at frame 299.
    let result = try run(
      ["render", "-", "-o", folder + "/o.wav", "--bank", folder],
      input: "tempo 60\n[C:1/48000]x300\n")
    #expect(
      result.stderr.hasPrefix(
        "xylo-render: warning: 44 voices were stopped early: more than 256 sounded at once; set --polyphony to choose the limit\n"
      ))
    #expect(try readInts(folder + "/o.wav").values[299] == 25_600)
  }
}
