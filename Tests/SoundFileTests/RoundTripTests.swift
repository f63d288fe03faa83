import Foundation
import SoundFile
import TestSupport
import Testing

@Suite struct RoundTripTests {
  /// Every 16-bit value's extremes and a ramp, as interleaved stereo.
  static let shorts: [Int16] =
    [0, 1, -1, 32_767, -32_768, 12_345, -12_345, 2]
    + (0..<1000).map {
      Int16(truncatingIfNeeded: $0 * 65)
    }

  @Test(arguments: [Container.wav, .flac, .aiff, .caf, .w64, .rf64])
  func sixteenBitValuesReadBackExactly(_ container: Container) throws {
    let format = try OutputFormat.make(container: container, encoding: .pcm16).get()
    let path = try temporaryFolder() + "/a.\(container.rawValue)"
    let writer = try SoundFileWriter(path: path, format: format, sampleRate: 48_000, channels: 2)
    try Self.shorts.withUnsafeBufferPointer { try writer.write($0) }
    try writer.close()
    let reader = try SoundFileReader(path: path)
    #expect(reader.info.frameCount == Int64(Self.shorts.count / 2))
    #expect(reader.info.sampleRate == 48_000)
    let values = try reader.readAll(maxFrames: 10_000)
    #expect(values.map { Int16($0 * 32_768) } == Self.shorts)
  }

  @Test(arguments: [Container.wav, .flac, .aiff, .caf])
  func twentyFourBitValuesReadBackExactly(_ container: Container) throws {
    let format = try OutputFormat.make(container: container, encoding: .pcm24).get()
    let path = try temporaryFolder() + "/a.\(container.rawValue)"
    let values24: [Int32] = [0, 1, -1, 8_388_607, -8_388_608, 1_234_567]
    let writer = try SoundFileWriter(path: path, format: format, sampleRate: 44_100, channels: 1)
    try values24.map { $0 << 8 }.withUnsafeBufferPointer { try writer.write($0) }
    try writer.close()
    let read = try SoundFileReader(path: path).readAll(maxFrames: 100)
    #expect(read.map { Int32($0 * 8_388_608) } == values24)
  }

  @Test(arguments: [Container.wav, .aiff, .caf, .w64, .rf64])
  func theDataOffsetIsWhereTheFirstFrameIsWritten(_ container: Container) throws {
    let format = try OutputFormat.make(container: container, encoding: .pcm16).get()
    let path = try temporaryFolder() + "/a.\(container.rawValue)"
    let writer = try SoundFileWriter(
      path: path, format: format, sampleRate: 48_000, channels: 2,
      tags: Tags(title: "a title that makes the header longer"))
    let offset = try #require(writer.dataOffset)
    let first: [Int16] = [0x1234, -0x2345, 0x3456, -0x4567]
    try first.withUnsafeBufferPointer { try writer.write($0) }
    try writer.close()
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let little = first.flatMap {
      [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)]
    }
    let big = first.flatMap { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] }
    let found = (0...(bytes.count - 8)).first {
      let window = Array(bytes[$0..<$0 + 8])
      return window == little || window == big
    }
    #expect(found == Int(offset))
  }

  @Test func aCompressedFileHasNoDataOffset() throws {
    let format = try OutputFormat.make(container: .flac, encoding: .pcm16).get()
    let writer = try SoundFileWriter(
      path: try temporaryFolder() + "/a.flac", format: format, sampleRate: 48_000, channels: 2)
    #expect(writer.dataOffset == nil)
    try writer.close()
  }

  @Test(arguments: [Container.wav, .flac])
  func writingOverALongerFileReplacesAllOfIt(_ container: Container) throws {
    let format = try OutputFormat.make(container: container, encoding: .pcm16).get()
    let path = try temporaryFolder() + "/a.\(container.rawValue)"
    try Data(repeating: 0x5A, count: 100_000).write(to: URL(fileURLWithPath: path))
    let writer = try SoundFileWriter(path: path, format: format, sampleRate: 48_000, channels: 2)
    try Self.shorts.withUnsafeBufferPointer { try writer.write($0) }
    try writer.close()
    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    #expect(size < 100_000)
    let values = try SoundFileReader(path: path).readAll(maxFrames: 10_000)
    #expect(values.map { Int16($0 * 32_768) } == Self.shorts)
  }

  @Test(arguments: [Container.wav, .aiff, .w64, .flac])
  func reservingSpaceForTheExpectedLengthChangesNoByte(_ container: Container) throws {
    let format = try OutputFormat.make(container: container, encoding: .pcm16).get()
    let folder = try temporaryFolder()
    var files: [Data] = []
    for (name, expected) in [("plain", nil), ("exact", 504), ("overestimated", 100_000)] {
      let path = folder + "/\(name).\(container.rawValue)"
      let writer = try SoundFileWriter(
        path: path, format: format, sampleRate: 48_000, channels: 2,
        expectedFrameCount: expected.map(Int64.init))
      try Self.shorts.withUnsafeBufferPointer { try writer.write($0) }
      try writer.close()
      files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    #expect(files[1] == files[0] && files[2] == files[0])
  }

  @Test func writingWhereNoFolderIsNamesThePathAndTheReason() throws {
    let format = try OutputFormat.make(container: .wav, encoding: nil).get()
    #expect(
      throws: SoundFileError(
        path: "/nope/C.wav", operation: .write, reason: "No such file or directory")
    ) {
      _ = try SoundFileWriter(path: "/nope/C.wav", format: format, sampleRate: 48_000, channels: 1)
    }
  }

  @Test func floatWavHasNoPeakChunkAndKeepsValuesPastFullScale() throws {
    let format = try OutputFormat.make(container: .wav, encoding: .float).get()
    let path = try temporaryFolder() + "/f.wav"
    let writer = try SoundFileWriter(path: path, format: format, sampleRate: 48_000, channels: 1)
    try [Float(1.5), -0.25].withUnsafeBufferPointer { try writer.write($0) }
    try writer.close()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(bytes.range(of: Data("PEAK".utf8)) == nil)
    #expect(try SoundFileReader(path: path).readAll(maxFrames: 10) == [1.5, -0.25])
  }

  @Test func tagsAreWrittenAndReadBack() throws {
    for container in [Container.wav, .flac] {
      let format = try OutputFormat.make(container: container, encoding: nil).get()
      let path = try temporaryFolder() + "/t.\(container.rawValue)"
      let tags = Tags(title: "Frère Jacques", artist: "Traditional", comment: "canon")
      let writer = try SoundFileWriter(
        path: path, format: format, sampleRate: 48_000, channels: 1, tags: tags)
      try [Int16(1)].withUnsafeBufferPointer { try writer.write($0) }
      try writer.close()
      #expect(try SoundFileReader(path: path).tags == tags)
    }
  }

  @Test func lossyFormatsWrite() throws {
    for container in [Container.ogg, .opus, .mp3] {
      let format = try OutputFormat.make(container: container, encoding: nil).get()
      let path = try temporaryFolder() + "/l.\(container.rawValue)"
      let writer = try SoundFileWriter(path: path, format: format, sampleRate: 48_000, channels: 2)
      let tone = (0..<96_000).map { Float(($0 / 2) % 100) / 200 }
      try tone.withUnsafeBufferPointer { try writer.write($0) }
      try writer.close()
      let reader = try SoundFileReader(path: path)
      #expect(reader.info.channels == 2)
      #expect(reader.info.frameCount >= 47_000)
    }
  }
}

@Suite struct FormatChoiceTests {
  @Test func containersComeFromExtensionsInAnyCase() {
    #expect(Container(fileExtension: "FLAC") == .flac)
    #expect(Container(fileExtension: "aif") == .aiff)
    #expect(Container(fileExtension: "oga") == .ogg)
    #expect(Container(fileExtension: "txt") == nil)
  }

  @Test(arguments: [
    (Container.flac, SampleEncoding.pcm32, "flac cannot hold pcm32 samples; use pcm16, pcm24"),
    (.flac, .float, "flac cannot hold float samples; use pcm16, pcm24"),
    (.ogg, .pcm16, "ogg is a lossy format and takes no --encoding (got pcm16)"),
  ])
  func impossibleCombinationsAreRefusedWithAReason(
    _ container: Container, _ encoding: SampleEncoding, _ message: String
  ) {
    #expect(throws: FormatMismatch(message: message)) {
      try OutputFormat.make(container: container, encoding: encoding).get()
    }
  }

  @Test func losslessFormatsDefaultToSixteenBit() throws {
    #expect(try OutputFormat.make(container: .wav, encoding: nil).get().encoding == .pcm16)
  }
}

@Suite struct ReadErrorTests {
  @Test func aMissingFileNamesThePathAndTheReason() throws {
    #expect(
      throws: SoundFileError(
        path: "/nope/C.wav", operation: .read, reason: "No such file or directory")
    ) {
      _ = try SoundFileReader(path: "/nope/C.wav")
    }
  }

  @Test func aFolderIsNamedAsAFolder() throws {
    let path = try temporaryFolder()
    #expect(throws: SoundFileError(path: path, operation: .read, reason: "it is a folder")) {
      _ = try SoundFileReader(path: path)
    }
  }

  @Test func aTextFileIsNotAudio() throws {
    let path = try temporaryFolder() + "/C.wav"
    try Data("hello, not audio\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: SoundFileError.self) { _ = try SoundFileReader(path: path) }
    do {
      _ = try SoundFileReader(path: path)
    } catch {
      #expect(error.description.hasPrefix("cannot read '\(path)': "))
      #expect(!error.reason.hasSuffix("."))
    }
  }

  @Test func readAllRefusesFilesPastTheLimit() throws {
    let format = try OutputFormat.make(container: .wav, encoding: nil).get()
    let path = try temporaryFolder() + "/long.wav"
    let writer = try SoundFileWriter(path: path, format: format, sampleRate: 48_000, channels: 1)
    try [Int16](repeating: 0, count: 100).withUnsafeBufferPointer { try writer.write($0) }
    try writer.close()
    #expect(
      throws: SoundFileError(
        path: path, operation: .read, reason: "it is 100 frames long, more than the limit of 99")
    ) { _ = try SoundFileReader(path: path).readAll(maxFrames: 99) }
  }
}
