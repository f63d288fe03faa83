import Foundation
import MIDIFile
import Notation
import Testing

/// Every input `scripts/fuzz abc-reader` once found a fault with is read to a song or an error.
@Suite struct ABCFuzzRegressionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("fuzz-regressions")

  static let files: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".abc") }.sorted()
  }()

  @Test(arguments: files)
  func aFoundInputIsReadOrRefused(name: String) throws {
    let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    do throws(NotationError) {
      let song = try readNotation(bytes, format: .abc, path: name).song
      #expect(song.notes.allSatisfy { $0.tick <= song.endTick && $0.channel != 10 })
    } catch {
      #expect(!error.message.contains("\n"))
    }
  }
}
