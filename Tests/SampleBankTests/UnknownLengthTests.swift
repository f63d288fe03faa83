import Foundation
import SampleBank
import ScoreParser
import SoundFile
import TestSupport
import Testing

/// A sample whose header gives no usable length is decoded to find it, within the length limit.
@Suite struct UnknownLengthTests {
  @Test func anMP3WhoseHeaderClaimsInt64MaxFramesIsDecodedToFindItsLength() throws {
    let folder = try temporaryFolder()
    try writeMP3OfUnknownLength("\(folder)/C.mp3")
    #expect(try SoundFileReader(path: "\(folder)/C.mp3").info.frameCount == .max)
    let bank = try folderBank(folder)
    #expect(
      try bank.info(for: "C")
        == SampleInfo(
          title: "C", source: "\(folder)/C.mp3", sampleRate: 44_100, channels: 1,
          frameCount: 2_927))
    #expect(try bank.sample(for: "C").frameCount == 2_927)
  }

  @Test func aFLACOfUnknownLengthKeepsItsExactSixteenBitValues() throws {
    let folder = try temporaryFolder()
    let values = (0..<5_000).map { Int16(truncatingIfNeeded: $0 * 97) }
    try writeFLACOfUnknownLength("\(folder)/C.flac", values: values)
    #expect(try SoundFileReader(path: "\(folder)/C.flac").info.frameCount == .max)
    let bank = try folderBank(folder)
    #expect(try bank.info(for: "C").frameCount == 5_000)
    #expect(try bank.sample(for: "C").storage == .int16(values))
  }

  /// The header cannot refuse it, so the limit holds while decoding.
  @Test func aSampleOfUnknownLengthIsRefusedOnceItPassesTheLimit() throws {
    let folder = try temporaryFolder()
    try writeFLACOfUnknownLength(
      "\(folder)/C.flac", values: [Int16](repeating: 100, count: 96_000))
    let bank = try DirectoryBank(path: folder, maximumSampleSeconds: 1, isKeyTitle: isKeyTitle)
    let expected = BankError(
      path: "\(folder)/C.flac", reason: "it is more than 48000 frames long, the limit")
    #expect(throws: expected) { _ = try bank.info(for: "C") }
    #expect(throws: expected) { _ = try bank.sample(for: "C") }
  }
}
