import Foundation
import SampleBank
import SoundFile
import TestSupport
import Testing

/// A file is truncated when its header declares more audio than the file holds, whatever
/// libsndfile's notes on the header happen to say.
@Suite struct TruncationTests {
  static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("fuzz-regressions")

  /// 0, 0.5, −0.5, 0.25 and −1 as 32-bit PCM.
  static let rf64Values: [Int32] = [0, 1 << 30, -(1 << 30), 1 << 29, .min]

  @Test func anRF64WhoseDataSizeFieldHoldsTheRealCountLoadsWhole() throws {
    let folder = try temporaryFolder()
    try rf64File(Self.rf64Values).write(to: URL(fileURLWithPath: "\(folder)/C.rf64"))
    let bank = try folderBank(folder)
    #expect(try bank.sample(for: "C").values == [0, 0.5, -0.5, 0.25, -1])
    #expect(
      try bank.info(for: "C")
        == SampleInfo(
          title: "C", source: "\(folder)/C.rf64", sampleRate: 44_100, channels: 1, frameCount: 5))
  }

  /// libsndfile notes that the field is not the placeholder, in the words a cut-short WAV gets.
  @Test func libsndfileNotesTheRF64DataSizeFieldAsIfItWereTruncated() throws {
    let path = try temporaryFolder() + "/C.rf64"
    try rf64File(Self.rf64Values).write(to: URL(fileURLWithPath: path))
    let lines = try SoundFileReader(path: path).headerLog.split(separator: "\n")
    #expect(lines.contains("data : 0x14 (should be 0xffffffff"))
  }

  /// Whichever its data size field holds: libsndfile notes neither as cut short.
  @Test(arguments: [false, true])
  func aCutShortRF64IsRefused(placeholderDataSize: Bool) throws {
    let folder = try temporaryFolder()
    let whole = rf64File(Self.rf64Values, placeholderDataSize: placeholderDataSize)
    try whole.prefix(whole.count - 8).write(to: URL(fileURLWithPath: "\(folder)/C.rf64"))
    #expect(
      throws: BankError(
        path: "\(folder)/C.rf64",
        reason: "it is truncated: its header promises 5 frames, it holds 3")
    ) { _ = try folderBank(folder).sample(for: "C") }
  }

  @Test func aCutShortWavIsStillRefusedWithLibsndfilesNote() throws {
    let folder = try temporaryFolder()
    try Data(contentsOf: Self.regressions.appendingPathComponent("truncated.wav"))
      .write(to: URL(fileURLWithPath: "\(folder)/C.wav"))
    #expect(
      throws: BankError(
        path: "\(folder)/C.wav", reason: "it is truncated (data : 723192 (should be 56))")
    ) { _ = try folderBank(folder).sample(for: "C") }
  }
}
