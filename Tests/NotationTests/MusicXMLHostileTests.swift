import Foundation
import MIDIFile
import Notation
import ScoreParser
import TestSupport
import Testing

/// Broken and hostile files: refused in one line, where the file says, without loading
/// anything, expanding entities or reading past a limit.
@Suite struct MusicXMLHostileTests {
  /// Each hostile document and the one line it gets.
  static let documents: [(name: String, text: String, message: String)] = [
    (
      "billion laughs", HostileMusicXML.billionLaughs,
      "test.musicxml:1:5: not well-formed XML: detected an entity reference loop"
    ),
    (
      "an external entity", HostileMusicXML.externalEntity,
      "test.musicxml:2:1: the DOCTYPE declares entities; MusicXML needs none, and they are not read"
    ),
    (
      "an external parameter entity", HostileMusicXML.externalParameterEntity,
      "test.musicxml:2:1: the DOCTYPE declares entities; MusicXML needs none, and they are not read"
    ),
    (
      "300 nested elements", HostileMusicXML.deepNesting,
      "test.musicxml:1:1: elements are nested more than 40 deep"
    ),
    (
      "an undeclared entity",
      "<score-partwise><movement-title>&nbsp;</movement-title></score-partwise>",
      "test.musicxml:1:39: not well-formed XML: entity 'nbsp' not defined"
    ),
    (
      "not XML", "MThd? no.",
      "test.musicxml:1:1: not well-formed XML: document is empty"
    ),
    (
      "another root", "<html><body/></html>",
      "test.musicxml:1:1: the root element is <html>, not a MusicXML score (<score-partwise> or <score-timewise>)"
    ),
    (
      "a duration past 64 bits",
      score([note("C4", nil, "<duration>99999999999999999999999</duration>")]),
      "test.musicxml:7:123: <duration> '99999999999999999999...' is not a length this reader can hold"
    ),
    (
      "a note with no pitch", score(["<note><duration>1</duration></note>"]),
      "test.musicxml:7:70: a <note> with no <pitch>, <rest> or <unpitched>"
    ),
    (
      "a step that is no note name", score([note("H4", 1)]),
      "test.musicxml:7:83: <step> 'H' is not a note name (A to G)"
    ),
    (
      "no divisions",
      "<score-partwise><part-list><score-part id=\"P\"/></part-list><part id=\"P\"><measure>\(note("C4", 1))</measure></part></score-partwise>",
      "test.musicxml:1:135: a <duration> before any <divisions>; the part's first <attributes> must say how many divisions a quarter note has"
    ),
    (
      "truncated", String(score([note("C4", 1)]).prefix(200)),
      "test.musicxml:7:31: not well-formed XML: couldn't find end of Start Tag attribute"
    ),
  ]

  @Test(arguments: documents.indices)
  func hostileDocumentsAreRefusedInOneLine(_ index: Int) throws {
    let (name, text, message) = Self.documents[index]
    let error = try #require(readingError(text), "\(name) reads")
    #expect(error.description == message, "\(name)")
    #expect(!error.description.contains("\n"))
    if let line = error.line {
      #expect(error.sourceLine != nil, "\(name): the line is shown")
      #expect(line >= 1)
    }
  }

  @Test func theExternalEntitysFileIsNeverRead() throws {
    let error = try #require(readingError(HostileMusicXML.externalEntity))
    let hostname = (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8)) ?? "\u{0}"
    #expect(!error.description.contains(hostname.trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  @Test func aTextNodeOverOneMebibyteIsRefused() throws {
    let text = score([
      "<direction><direction-type><words>\(String(repeating: "a", count: 1_100_000))</words></direction-type></direction>"
    ])
    #expect(
      readingError(text)?.message == "a text or attribute is longer than 1 MiB")
  }

  @Test func tooManyNotesAreRefusedBeforeTheyAreKept() throws {
    let text = score([String(repeating: note("C4", 1), count: 20)])
    do {
      _ = try readNotation(
        Array(text.utf8), format: .musicXML, path: "x.musicxml", limits: MIDILimits(maxNotes: 10))
      Issue.record("read")
    } catch {
      #expect(
        error.description
          == "x.musicxml: the song holds more than 10 notes, the limit (see --max-taps)")
    }
  }

  @Test func aHugeTempoOrGridIsRefusedInOneLine() throws {
    let odd = score([note("C4", 1) + note("D4", 1)], divisions: 1_048_583)
    #expect(
      readingError(odd)?.description
        == "test.musicxml: the song's durations need a grid finer than 1048576 ticks a quarter note"
    )
  }
}

/// Compressed MusicXML: the container, and archives that lie.
@Suite struct CompressedMusicXMLTests {
  static func readMXL(_ bytes: [UInt8]) throws(NotationError) -> NotatedImport {
    try readNotation(bytes, format: .compressedMusicXML, path: "song.mxl")
  }

  static func error(_ bytes: [UInt8]) -> String? {
    do {
      _ = try readMXL(bytes)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func theContainerNamesTheScore() throws {
    let text = score([note("C4", 1) + note("E4", 1)])
    let read = try Self.readMXL(ZipFixtures.mxl(text, name: "inner/song.xml"))
    #expect(heard(read.song) == (try heard(text)))
  }

  @Test func errorsInTheScoreNameTheArchiveAndTheEntry() {
    let bytes = ZipFixtures.mxl(score([note("H4", 1)]))
    #expect(
      Self.error(bytes) == "song.mxl(score.musicxml):7:83: <step> 'H' is not a note name (A to G)")
  }

  @Test func aZipBombIsRefusedByTheBytesReadNotItsDeclaredSize() throws {
    // 100 MB of spaces in about 600 KB; the directory says 1,000 bytes.
    let bomb = ZipFixtures.bomb(spaces: 100_000_000)
    #expect(bomb.count < 1_000_000)
    #expect(
      Self.error(bomb)
        == "song.mxl: the archive's 'score.musicxml' is not read: it is larger than 64 MiB uncompressed"
    )
  }

  @Test func brokenArchivesAreRefusedInOneLine() {
    let good = ZipFixtures.mxl(score([note("C4", 1)]))
    #expect(
      Self.error(Array(good.prefix(good.count / 2)))
        == "song.mxl: not a compressed MusicXML file (a zip archive): not a zip archive")
    #expect(
      Self.error(ZipFixtures.archive([ZipFixtures.Entry(name: "score.xml", bytes: [60])]))
        == "song.mxl: no META-INF/container.xml in the archive; a compressed MusicXML file names its score there"
    )
    let missing = ZipFixtures.archive([
      ZipFixtures.Entry(
        name: "META-INF/container.xml", bytes: Array(ZipFixtures.container("gone.xml").utf8))
    ])
    #expect(
      Self.error(missing)
        == "song.mxl: the container names 'gone.xml', which is not in the archive")
    let many = ZipFixtures.archive(
      (0..<1_001).map { ZipFixtures.Entry(name: "f\($0)", bytes: []) })
    #expect(
      Self.error(many)
        == "song.mxl: the archive holds 1001 entries; a compressed MusicXML file holds a few")
  }
}
