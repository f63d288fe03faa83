import Foundation
import SampleBank
import TestSupport
import Testing

/// Audio files libsndfile cannot decode are keys of the bank that say so, not missing keys.
@Suite struct UnreadableFormatTests {
  @Test(arguments: ["m4a", "aac", "wma", "M4A"])
  func aKeyInAFormatLibsndfileCannotReadNamesTheFile(_ fileExtension: String) throws {
    let folder = try temporaryFolder()
    let path = "\(folder)/C.\(fileExtension)"
    _ = FileManager.default.createFile(atPath: path, contents: Data("ftypM4A ".utf8))
    try writeSample("\(folder)/D.wav", values: [1])
    let bank = try folderBank(folder)
    #expect(bank.titles == ["C", "D"])
    let expected = BankError(
      path: path,
      reason:
        "libsndfile cannot read \(fileExtension.lowercased()) files; convert it to WAV or FLAC")
    #expect(throws: expected) { _ = try bank.info(for: "C") }
    #expect(throws: expected) { _ = try bank.sample(for: "C") }
    #expect(try bank.sample(for: "D").values == [1 / 32_768])
  }

  @Test func aReadableAndAnUnreadableFileForOneKeyIsAnErrorNamingBoth() throws {
    let folder = try temporaryFolder()
    try writeSample("\(folder)/C.wav", values: [1])
    _ = FileManager.default.createFile(atPath: "\(folder)/C.m4a", contents: Data("x".utf8))
    #expect(
      throws: BankError(
        path: folder,
        reason: "key 'C' has more than one sample: '\(folder)/C.m4a' and '\(folder)/C.wav'")
    ) { _ = try folderBank(folder).sample(for: "C") }
  }

  @Test func otherFilesAreStillNotKeys() throws {
    let folder = try temporaryFolder()
    for name in ["C.txt", "D.pdf", "E.raw"] {
      _ = FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data("x".utf8))
    }
    #expect(try folderBank(folder).titles.isEmpty)
  }
}
