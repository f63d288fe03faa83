import Foundation
import SoundFile
import TestSupport
import Testing

/// Bank files in layouts and formats beyond what libsndfile writes itself: keys and render
/// either use them whole or name the file and what is wrong with it.
@Suite struct BankFormatTests {
  /// An RF64 file of 32-bit PCM mono at 44.1 kHz as scipy writes it: a `data` chunk whose
  /// 32-bit size field holds the real byte count, not RF64's 0xFFFFFFFF placeholder.
  private func writeRF64(_ path: String, _ values: [Int32]) throws {
    var bytes: [UInt8] = []
    func append<Value: FixedWidthInteger>(_ value: Value) {
      withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
    let dataBytes = values.count * 4
    bytes += Array("RF64".utf8)
    append(UInt32.max)
    bytes += Array("WAVEds64".utf8)
    append(UInt32(28))
    append(UInt64(4 + 36 + 24 + 8 + dataBytes))
    append(UInt64(dataBytes))
    append(UInt64(values.count))
    append(UInt32(0))
    bytes += Array("fmt ".utf8)
    for value: UInt32 in [16, 0x0001_0001, 44_100, 44_100 * 4, 0x0020_0004] { append(value) }
    bytes += Array("data".utf8)
    append(UInt32(dataBytes))
    for value in values { append(value) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  @Test func anRF64FromAnotherLibraryIsListedAndRendered() throws {
    let bank = try temporaryFolder()
    try writeRF64(bank + "/C.rf64", [1 << 30, 0, 0, 0, 0])
    let keys = try run(["keys", "--bank", bank])
    #expect(keys.stderr == "")
    #expect(
      keys.stdout.split(separator: "\n").last
        == "C    -      -   44100  1         0.000    5       \(bank)/C.rf64")
    #expect(keys.status == 0)
    let out = try temporaryFolder() + "/o.wav"
    let render = try run(["render", "-", "-o", out, "--bank", bank, "--tail", "0"], input: "C\n")
    #expect(render.stderr == "wrote '\(out)': 0.000 s, 5 frames, 44100 Hz, mono, wav pcm16\n")
    #expect(render.status == 0)
    #expect(try readInts(out).values == [16_384, 0, 0, 0, 0])
  }

  @Test func aKeyInAFormatLibsndfileCannotReadIsNamedByKeysAndRender() throws {
    let bank = try impulseBank(keys: ["D"])
    _ = FileManager.default.createFile(atPath: bank + "/C.m4a", contents: Data("ftypM4A ".utf8))
    let line =
      "xylo-render: error: cannot use '\(bank)/C.m4a': libsndfile cannot read m4a files; convert it to WAV or FLAC\n"
    let keys = try run(["keys", "--bank", bank])
    #expect(keys.stderr == line)
    #expect(
      keys.stdout == """
        KEY  PITCH  HZ  RATE   CHANNELS  SECONDS  FRAMES  SOURCE
        D    -      -   48000  1         0.000    10      \(bank)/D.wav

        """)
    #expect(keys.status == 1)
    let out = try temporaryFolder()
    let render = try run(["render", "-", "-o", out + "/o.wav", "--bank", bank], input: "C D\n")
    #expect(render.stderr == line)
    #expect(render.status == 1)
    #expect(listing(out).isEmpty)
  }

  /// libmpg123 reports a negative length for an MP3 whose LAME header's padding is longer than
  /// its frames, and libsndfile passes that on as 9223372036854775807 frames.
  @Test func anMP3WhoseHeaderClaimsInt64MaxFramesIsListedWithItsDecodedLength() throws {
    let bank = try temporaryFolder()
    let path = bank + "/C.mp3"
    let format = try OutputFormat.make(container: .mp3, encoding: nil).get()
    let writer = try SoundFileWriter(path: path, format: format, sampleRate: 44_100, channels: 1)
    try [Float](repeating: 0.25, count: 44_100).withUnsafeBufferPointer { try writer.write($0) }
    try writer.close()
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    // Xing tag at 21 (MPEG-1 mono): frame count at +8; LAME delay and padding at +141.
    try #require(String(decoding: bytes[21..<25], as: UTF8.self) == "Xing")
    try #require(String(decoding: bytes[141..<145], as: UTF8.self) == "LAME")
    bytes.replaceSubrange(29..<33, with: [0, 0, 0, 3])
    bytes.replaceSubrange(162..<165, with: [0x00, 0x0F, 0xFF])
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(try SoundFileReader(path: path).info.frameCount == .max)

    let keys = try run(["keys", "--bank", bank])
    #expect(keys.stderr == "")
    #expect(
      keys.stdout.split(separator: "\n").last
        == "C    -      -   44100  1         0.066    2927    \(bank)/C.mp3")
    #expect(keys.status == 0)
    let out = try temporaryFolder() + "/o.wav"
    let render = try run(["render", "-", "-o", out, "--bank", bank, "--tail", "0"], input: "C\n")
    #expect(
      render.stderr == "wrote '\(out)': 0.066 s, 2927 frames, 44100 Hz, mono, wav pcm16\n")
    #expect(render.status == 0)
    #expect(try readInts(out).info.frameCount == 2_927)
  }

  /// A FLAC whose STREAMINFO gives 0 frames ("unknown") cannot be refused from its header.
  @Test func aFLACOfUnknownLengthIsRefusedOnceItPassesTheLimit() throws {
    let bank = try temporaryFolder()
    let path = bank + "/C.flac"
    let format = try OutputFormat.make(container: .flac, encoding: .pcm16).get()
    let writer = try SoundFileWriter(path: path, format: format, sampleRate: 48_000, channels: 1)
    try [Int16](repeating: 100, count: 96_000).withUnsafeBufferPointer { try writer.write($0) }
    try writer.close()
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    // STREAMINFO's 36-bit total sample count: the low 4 bits of byte 21, then bytes 22 to 25.
    bytes[21] &= 0xF0
    bytes.replaceSubrange(22..<26, with: [0, 0, 0, 0])
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(try SoundFileReader(path: path).info.frameCount == .max)

    let out = try temporaryFolder()
    let render = try run(
      ["render", "-", "-o", out + "/o.wav", "--bank", bank, "--max-sample-seconds", "1"],
      input: "C\n")
    #expect(
      render.stderr
        == "xylo-render: error: cannot use '\(path)': it is more than 48000 frames long, the limit\n"
    )
    #expect(render.status == 1)
    #expect(listing(out).isEmpty)
  }
}
