import Foundation
import MIDIFile
import Notation
import Testing

/// Every input the MusicXML fuzzer ever found reads to a song or to one error line.
@Suite struct MusicXMLFuzzRegressionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("fuzz-regressions")

  /// The inputs in the folder, sorted; a folder that cannot be listed throws, so the cases
  /// below fail instead of vanishing.
  static func inputs() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0 != "README.md" }.sorted()
  }

  @Test func theFolderHoldsAtLeastOneInput() throws {
    #expect(try !Self.inputs().isEmpty)
  }

  @Test(arguments: try inputs())
  func foundInputReadsOrFailsInOneLine(_ name: String) throws {
    let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    let format: NotationFormat =
      bytes.starts(with: [0x50, 0x4B]) ? .compressedMusicXML : .musicXML
    do {
      let read = try readNotation(
        bytes, format: format, path: name, limits: MIDILimits(maxNotes: 50_000))
      #expect(read.song.notes.count <= 50_000)
    } catch {
      #expect(!error.description.contains("\n"))
      #expect(!error.message.isEmpty)
    }
  }
}
