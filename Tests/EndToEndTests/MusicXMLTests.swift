import Foundation
import TestSupport
import Testing

/// MusicXML through the built binary: a score written as MusicXML reads back tap for tap,
/// rendering MusicXML equals rendering the score it converts to, and hostile files get one line.
@Suite struct MusicXMLTests {
  static let example = "Examples/notation/bell-waltz.musicxml"
  static let compressedExample = "Examples/notation/bell-waltz-compressed.mxl"

  static let scores: [String] = {
    let folder = packageRoot.appendingPathComponent("Examples/scores").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".xylo") }.sorted()
  }()

  /// The app's key titles as the notes a MIDI or notation file's taps name.
  static let appKeys = [
    "C": "C6", "D": "D6", "E": "E6", "F": "F6", "G": "G6", "A": "A6", "B": "B6", "HighC": "C7",
  ]

  /// `events`' rows as (frame, key, gain), sorted: taps of one frame come in score order for a
  /// score and in part order for MusicXML.
  static func taps(_ csv: String) -> [(frame: Int, key: String, gain: Double)] {
    csv.split(separator: "\n").dropFirst().map { row in
      let fields = row.split(separator: ",").map(String.init)
      return (Int(fields[0]) ?? -1, appKeys[fields[2]] ?? fields[2], Double(fields[3]) ?? -1)
    }.sorted { ($0.frame, $0.key, $0.gain) < ($1.frame, $1.key, $1.gain) }
  }

  @Test(arguments: scores)
  func everyExampleScoreReadsBackFromMusicXMLFrameForFrame(_ name: String) throws {
    let folder = try temporaryFolder()
    let written = folder + "/song.musicxml"
    let convert = try run(["convert", "Examples/scores/" + name, "-o", written])
    #expect(convert.status == 0, "\(convert.stderr)")
    let original = try run(["events", "Examples/scores/" + name])
    let readBack = try run(["events", written])
    #expect(readBack.status == 0)
    #expect(readBack.stderr.isEmpty, "\(readBack.stderr)")
    let expected = Self.taps(original.stdout)
    let actual = Self.taps(readBack.stdout)
    #expect(actual.map(\.frame) == expected.map(\.frame))
    #expect(actual.map(\.key) == expected.map(\.key))
    // A gain is written as percent of forte (velocity 90) and read as a velocity: gain × 127,
    // rounded.
    for (tap, source) in zip(actual, expected) {
      #expect((tap.gain * 127).rounded() == tap.gain * 127 || tap.gain == 1)
      #expect(abs(tap.gain - source.gain) <= 0.5 / 127 + 1e-12)
    }
  }

  @Test(arguments: [example, compressedExample])
  func renderingMusicXMLEqualsRenderingTheScoreItConvertsTo(_ path: String) throws {
    let folder = try temporaryFolder()
    let converted = folder + "/waltz.xylo"
    #expect(try run(["convert", path, "-o", converted]).status == 0)
    let direct = try run(["render", path, "-o", folder + "/direct.wav"])
    #expect(direct.status == 0, "\(direct.stderr)")
    #expect(try run(["render", converted, "-o", folder + "/converted.wav"]).status == 0)
    let first = try Data(contentsOf: URL(fileURLWithPath: folder + "/direct.wav"))
    let second = try Data(contentsOf: URL(fileURLWithPath: folder + "/converted.wav"))
    #expect(first == second)
    #expect(first.count > 100_000)
  }

  @Test func theCompressedExampleHoldsTheSameScore() throws {
    let plain = try run(["events", Self.example])
    let compressed = try run(["events", Self.compressedExample])
    #expect(plain.stdout == compressed.stdout)
    #expect(plain.stdout.split(separator: "\n").count == 47)
  }

  @Test func partsAreTracksToChooseByNameOrNumber() throws {
    let info = try run(["info", Self.example])
    #expect(info.stdout.contains("1      Melody "))
    #expect(info.stdout.contains("2      Bass "))
    let bass = try run(["events", "--part", "bass", Self.example])
    let second = try run(["events", "--part", "2", Self.example])
    #expect(bass.stdout == second.stdout)
    #expect(bass.stdout.split(separator: "\n").count == 16)
    let none = try run(["events", "--part", "Tuba", Self.example])
    #expect(none.status == 1)
    #expect(
      none.stderr
        == "xylo-render: error: \(Self.example) has no part 'Tuba'; its parts are 1 'Melody', 2 'Bass'\n"
    )
  }

  @Test func whatIsNotPlayedIsSaidOnceAsAWarning() throws {
    let harmony = "<harmony><root><root-step>C</root-step></root><kind>major</kind></harmony>"
    let note = "<note><pitch><step>C</step><octave>6</octave></pitch><duration>1</duration></note>"
    let text = """
      <score-partwise><part-list><score-part id="P"><part-name>X</part-name></score-part></part-list>
      <part id="P"><measure><attributes><divisions>1</divisions></attributes>\(harmony)\(note)\(harmony)\(note)</measure></part></score-partwise>
      """
    let path = try temporaryFolder() + "/chords.musicxml"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let result = try run(["events", path])
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "xylo-render: warning: \(path): 2 <harmony> elements (chord symbols) are not played\n")
  }

  /// Hostile files and the one line each gets, read with at most 256 MB of address space.
  static let hostile: [(name: String, bytes: [UInt8], message: String)] = [
    (
      "billion-laughs.musicxml", Array(HostileMusicXML.billionLaughs.utf8),
      "billion-laughs.musicxml:1:5: error: not well-formed XML: detected an entity reference loop"
    ),
    (
      "secret.musicxml", Array(HostileMusicXML.externalEntity.utf8),
      "secret.musicxml:2:1: error: the DOCTYPE declares entities; MusicXML needs none, and they are not read"
    ),
    (
      "deep.xml", Array(HostileMusicXML.deepNesting.utf8),
      "deep.xml:1:1: error: elements are nested more than 40 deep"
    ),
    (
      "bomb.mxl", ZipFixtures.bomb(spaces: 100_000_000),
      "xylo-render: error: bomb.mxl: the archive's 'score.musicxml' is not read: it is larger than 64 MiB uncompressed"
    ),
    (
      "cut.mxl", Array(ZipFixtures.mxl("<score-partwise/>").prefix(60)),
      "xylo-render: error: cut.mxl: not a compressed MusicXML file (a zip archive): not a zip archive"
    ),
  ]

  @Test(arguments: hostile.indices)
  func hostileFilesAreRefusedInOneLineWithBoundedMemory(_ index: Int) throws {
    let (name, bytes, message) = Self.hostile[index]
    let folder = try temporaryFolder()
    try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    // 256 MB of address space: a reader that expanded or inflated what it reads would fail.
    process.arguments = ["-c", "ulimit -v 262144; exec \"$0\" events \"$1\"", binaryURL.path, name]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    // The message (after the file's location, for an XML error) and, for XML, the source line
    // and its caret: libxml2 itself prints nothing.
    let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first.map(String.init) == message, "\(stderr)")
    #expect(lines.count <= 4)
  }
}
