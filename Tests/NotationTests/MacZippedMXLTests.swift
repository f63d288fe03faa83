import Notation
import TestSupport
import Testing

/// An `.mxl` zipped on a Mac (the Finder's Compress, Archive Utility) is read: a directory
/// entry `META-INF/`, resource forks under `__MACOSX/`, and local headers that keep the size
/// before a data descriptor, as music21's schoenberg/opus19/movement2.mxl has them.
@Suite struct MacZippedMXLTests {
  @Test func aMacZippedScoreIsReadAsItsScore() throws {
    let text = score([note("C4", 1) + note("E4", 1)])
    let bytes = MacZip.archive([
      ("META-INF/", []),
      ("META-INF/container.xml", Array(ZipFixtures.container("score.xml").utf8)),
      ("score.xml", Array(text.utf8)),
      ("__MACOSX/._score.xml", [0, 5, 22, 7, 0, 2, 0, 0]),
    ])
    let read = try readNotation(bytes, format: .compressedMusicXML, path: "song.mxl")
    #expect(heard(read.song) == (try heard(text)))
    #expect(read.warnings.isEmpty)
  }

  @Test func anEntryWhoseBytesDoNotMatchItsCRCIsStillRefused() {
    var bytes = MacZip.archive([
      ("META-INF/container.xml", Array(ZipFixtures.container("score.xml").utf8)),
      ("score.xml", Array(score([note("C4", 1)]).utf8)),
    ])
    // The score's first byte, after its 30-byte local header and 9-byte name.
    let container = ZipFixtures.container("score.xml").utf8.count
    let first = 30 + 22 + container + 16 + 30 + 9
    bytes[first] ^= 1
    do {
      _ = try readNotation(bytes, format: .compressedMusicXML, path: "song.mxl")
      Issue.record("a damaged entry was read")
    } catch {
      #expect(
        error.description
          == "song.mxl: the archive's 'score.xml' is not read: it is damaged: CRC error")
    }
  }
}

/// Zip archives as macOS writes them: stored entries, each local header flagged as followed
/// by a data descriptor yet holding the uncompressed size (its CRC and compressed size zero).
enum MacZip {
  static func archive(_ entries: [(name: String, bytes: [UInt8])]) -> [UInt8] {
    var bytes: [UInt8] = []
    var directory: [UInt8] = []
    for (name, data) in entries {
      let offset = UInt32(bytes.count)
      let crc = ZipFixtures.Entry(name: name, bytes: data).crc
      let size = UInt32(data.count)
      let nameBytes = Array(name.utf8)
      let head: [UInt8] = le16(20) + le16(8) + le16(0) + le16(0) + le16(0x21)
      bytes +=
        le32(0x0403_4B50) + head + le32(0) + le32(0) + le32(size)
        + le16(UInt16(nameBytes.count)) + le16(0) + nameBytes + data
      bytes += le32(0x0807_4B50) + le32(crc) + le32(size) + le32(size)
      let attributes: UInt32 = name.hasSuffix("/") ? 0x41ED_0010 : 0x81A4_0000
      directory +=
        le32(0x0201_4B50) + le16(0x0314) + head + le32(crc) + le32(size) + le32(size)
        + le16(UInt16(nameBytes.count)) + le16(0) + le16(0) + le16(0) + le16(0)
        + le32(attributes) + le32(offset) + nameBytes
    }
    let start = UInt32(bytes.count)
    bytes += directory
    bytes +=
      le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count))
      + le16(UInt16(entries.count)) + le32(UInt32(directory.count)) + le32(start) + le16(0)
    return bytes
  }

  private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

  private static func le32(_ value: UInt32) -> [UInt8] {
    [0, 8, 16, 24].map { UInt8((value >> UInt32($0)) & 0xFF) }
  }
}
