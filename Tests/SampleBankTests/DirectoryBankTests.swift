import Foundation
import SampleBank
import ScoreParser
import SoundFile
import TestSupport
import Testing

/// Writes a 16-bit WAV (or another container) of `values` for a test bank.
func writeSample(
  _ path: String, values: [Int16], rate: Int = 48_000, channels: Int = 1,
  container: Container = .wav
) throws {
  let format = try OutputFormat.make(container: container, encoding: .pcm16).get()
  let writer = try SoundFileWriter(path: path, format: format, sampleRate: rate, channels: channels)
  try values.withUnsafeBufferPointer { try writer.write($0) }
  try writer.close()
}

/// A folder bank whose keys follow the score language's title rule, as the tool opens them.
func folderBank(_ path: String) throws(BankError) -> DirectoryBank {
  try DirectoryBank(path: path, isKeyTitle: isKeyTitle)
}

@Suite struct DirectoryBankTests {
  @Test func theTitleRuleIsTheCallers() throws {
    let folder = try temporaryFolder()
    for name in ["C.wav", "D.wav", "9lives.wav"] {
      try writeSample("\(folder)/\(name)", values: [1])
    }
    let digitsOnly = try DirectoryBank(path: folder) { $0.allSatisfy(\.isNumber) == false }
    #expect(digitsOnly.titles == ["C", "D", "9lives"])
    let onlyC = try DirectoryBank(path: folder) { $0 == "C" }
    #expect(onlyC.titles == ["C"])
  }

  @Test func titlesAreTheAudioFilesAppKeysFirst() throws {
    let folder = try temporaryFolder()
    for name in ["kick_2.flac", "G.wav", "C.wav", "F#5.aiff"] {
      let container = Container(fileExtension: (name as NSString).pathExtension) ?? .wav
      try writeSample("\(folder)/\(name)", values: [1], container: container)
    }
    for name in ["notes.txt", ".hidden.wav", "two words.wav", "9lives.wav"] {
      _ = FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data("x".utf8))
    }
    #expect(try folderBank(folder).titles == ["C", "G", "F#5", "kick_2"])
  }

  @Test func onlyTheAskedForSampleIsDecoded() throws {
    let folder = try temporaryFolder()
    try writeSample("\(folder)/C.wav", values: [16_384, -8_192])
    _ = FileManager.default.createFile(atPath: "\(folder)/D.wav", contents: Data("broken".utf8))
    let sample = try folderBank(folder).sample(for: "C")
    #expect(sample.values == [0.5, -0.25])
    #expect(sample.sampleRate == 48_000)
  }

  @Test func twoFilesForOneTitleIsAnErrorNamingBoth() throws {
    let folder = try temporaryFolder()
    try writeSample("\(folder)/C.wav", values: [1])
    try writeSample("\(folder)/C.flac", values: [1], container: .flac)
    #expect(
      throws: BankError(
        path: folder,
        reason: "key 'C' has more than one sample: '\(folder)/C.flac' and '\(folder)/C.wav'")
    ) { _ = try folderBank(folder).sample(for: "C") }
  }

  @Test func aMissingFolderIsAnError() {
    #expect(throws: BankError(path: "/no/such/bank", reason: "no such folder")) {
      _ = try folderBank("/no/such/bank")
    }
  }

  @Test func moreThanTwoChannelsIsAnErrorNamingTheFile() throws {
    let folder = try temporaryFolder()
    let format = try OutputFormat.make(container: .wav, encoding: .pcm16).get()
    let writer = try SoundFileWriter(
      path: "\(folder)/C.wav", format: format, sampleRate: 48_000, channels: 8)
    try [Int16](repeating: 0, count: 8).withUnsafeBufferPointer { try writer.write($0) }
    try writer.close()
    #expect(
      throws: BankError(
        path: "\(folder)/C.wav", reason: "it has 8 channels; a sample may have 1 or 2")
    ) { _ = try folderBank(folder).sample(for: "C") }
  }

  @Test func floatSamplesHoldingNaNAreRefused() throws {
    let folder = try temporaryFolder()
    let format = try OutputFormat.make(container: .wav, encoding: .float).get()
    let writer = try SoundFileWriter(
      path: "\(folder)/C.wav", format: format, sampleRate: 48_000, channels: 1)
    try [Float(0), .nan].withUnsafeBufferPointer { try writer.write($0) }
    try writer.close()
    #expect(
      throws: BankError(
        path: "\(folder)/C.wav", reason: "it holds a value that is not a finite number at frame 1")
    ) { _ = try folderBank(folder).sample(for: "C") }
  }

  /// The bank made like the app's files.
  @Test func theAppsQuirkyFilesLoad() throws {
    try checkTheAppsQuirks(in: AppLikeSounds.folder)
  }

  /// The app's own recordings, skipped with the reason where they are not beside the checkout.
  @Test(AppRecordings.condition) func theAppsOwnRecordingsLoad() throws {
    try checkTheAppsQuirks(in: AppRecordings.folder)
  }

  private func checkTheAppsQuirks(in folder: String) throws {
    let bank = try folderBank(folder)
    #expect(bank.titles == ["C", "D", "E", "F", "G", "A", "B", "HighC"])
    let f = try bank.sample(for: "F")  // its RIFF size is wrong
    #expect(f.frameCount == 181_648)
    #expect(f.channels == 2)
    let highC = try bank.info(for: "HighC")
    #expect(highC.sampleRate == 44_100)
    #expect(highC.frameCount == 165_375)
  }
}
