import AudioBasics
import Foundation
import Platform
import SoundFile
import TestSupport
import Testing

@testable import SampleBank

/// Writes `values` as a 48 kHz float WAV (mono) at `path`.
private func writeFloatWav(_ path: String, _ values: [Float], rate: Int = 48_000) throws {
  let format = try OutputFormat.make(container: .wav, encoding: .float).get()
  let writer = try SoundFileWriter(path: path, format: format, sampleRate: rate, channels: 1)
  try values.withUnsafeBufferPointer { try writer.write($0) }
  try writer.close()
}

/// A folder holding `text` as `x.sfz` and, in `samples/`, `a.wav` (the values 1...8 / 8) and
/// `b.wav` (-1...-8 / 8).
private func instrument(_ text: String) throws -> String {
  let folder = try temporaryFolder()
  try FileManager.default.createDirectory(
    atPath: folder + "/samples", withIntermediateDirectories: true)
  try writeFloatWav(folder + "/samples/a.wav", (1...8).map { Float($0) / 8 })
  try writeFloatWav(folder + "/samples/b.wav", (1...8).map { -Float($0) / 8 })
  return try file("x.sfz", in: folder, holding: Array(text.utf8))
}

/// The lines of `text`, a file that includes nothing.
private func lines(_ text: String) throws -> [SFZLine] {
  try SFZText(text: text, path: "x.sfz", identity: "x.sfz") { path, place throws(BankError) in
    throw BankError(path: place.description, reason: "no #include here")
  }.lines
}

private func bankError(_ text: String) throws -> BankError? {
  let path = try instrument(text)
  do {
    _ = try SFZBank(path: path)
    return nil
  } catch {
    return BankError(path: String(error.path.dropFirst(path.count - 5)), reason: error.reason)
  }
}

@Suite struct SFZFileTests {
  @Test func commentsHeadersAndSamplePathsWithSpacesAreRead() throws {
    let text = """
      // a comment <region> sample=no.wav
      <group> lovel=10 /* a block
      comment */ hivel=20
      <region>sample=My Samples\\c 4.wav key=c4 // trailing
      """
    let file = try SFZFile(lines: lines(text))
    #expect(file.sections.map(\.header) == ["group", "region"])
    #expect(file.sections[0].opcodes.map(\.name) == ["lovel", "hivel"])
    #expect(file.sections[0].opcodes.map(\.place.line) == [2, 3])
    #expect(file.sections[1].opcodes.map(\.value) == ["My Samples\\c 4.wav", "c4"])
  }

  @Test func brokenFilesAreRefusedWithTheirLine() throws {
    #expect(
      try bankError("<region sample=a.wav\n")
        == BankError(path: "x.sfz:1", reason: "a header '<' is not closed with '>'"))
    #expect(
      try bankError("<region> sample=samples/a.wav\nlokey=70 hikey=60\n")
        == BankError(path: "x.sfz:1", reason: "the region's lokey is above its hikey"))
    #expect(
      try bankError("<region> sample=samples/a.wav lovel=0\n")
        == BankError(path: "x.sfz:1", reason: "lovel=0 is not a whole number from 1 to 127"))
    #expect(
      try bankError("<region> key=h4 sample=samples/a.wav\n")
        == BankError(
          path: "x.sfz:1", reason: "key=h4 is not a key: a MIDI note 0-127 or a name such as c#4"))
    #expect(
      try bankError("sample=a.wav\n")
        == BankError(
          path: "x.sfz:1", reason: "opcode 'sample' comes before any header such as <region>"))
    #expect(
      try bankError("<region> key=60\n")
        == BankError(path: "x.sfz:1", reason: "the region has no sample="))
    #expect(try bankError("// nothing\n") == BankError(path: "x.sfz", reason: "it has no <region>"))
  }
}

@Suite struct SFZBankTests {
  @Test func unsupportedPartsAreWarnedOnceEachWithTheirLine() throws {
    let path = try instrument(
      """
      #pragma once
      <control> default_path=samples/ set_cc1=0
      <global> loop_mode=one_shot
      <region> sample=a.wav key=60 loop_mode=loop_continuous
      <effect> type=reverb

      """)
    let bank = try SFZBank(path: path)
    #expect(
      bank.warnings == [
        "\(path):1: '#pragma' is not supported; the line is ignored",
        "\(path):2: opcode 'set_cc1' is not supported; ignored",
        "\(path):3: opcode 'loop_mode' is not supported; ignored",
        "\(path):5: <effect> is not supported; ignored",
      ])
  }

  @Test func velocityLayersRoundRobinAndInheritanceChooseTheRegion() throws {
    let bank = try SFZBank(
      path: try instrument(
        """
        <control> default_path=samples/
        <global> lokey=c4 hikey=d4
        <group> lovel=64
        <region> sample=a.wav seq_length=2 seq_position=1
        <region> sample=b.wav seq_length=2 seq_position=2
        <group> hivel=63
        <region> sample=b.wav volume=-6 amp_veltrack=0

        """))
    #expect(bank.titles == ["C4", "C#4", "Db4", "D4"])
    #expect(bank.roundRobinLength(for: "C4") == 2)
    // Velocity 127 × gain: 0.5 is 64, the loud group; its turns alternate.
    #expect(bank.strikeLayer(for: "C4", gain: 0.5, turn: 0) == 0)
    #expect(bank.strikeLayer(for: "C4", gain: 0.5, turn: 1) == 1)
    #expect(bank.strikeLayer(for: "Db4", gain: 1, turn: 2) == 0)
    #expect(bank.strikeLayer(for: "D4", gain: 0.49, turn: 0) == 2)
    #expect(bank.strikeLayer(for: "E4", gain: 1, turn: 0) == -1)
    #expect(bank.level(forGain: 0.5, title: "C4", strikeLayer: 0) == 0.5)
    // amp_veltrack=0: the tap's gain no longer sets the level; volume=-6 does.
    #expect(abs(bank.level(forGain: 0.25, title: "C4", strikeLayer: 2) - 0.501187) < 1e-6)
    #expect(try bank.sample(for: "C4", strikeLayer: 1).values.first == -1.0 / 8)
  }

  @Test func offsetSkipsFramesAndAKeyAwayFromTheCentreIsPitched() throws {
    let bank = try SFZBank(
      path: try instrument(
        "<region> sample=samples/a.wav lokey=60 hikey=72 pitch_keycenter=60 offset=3\n"))
    let centre = try bank.sample(for: "C4", strikeLayer: 0)
    #expect(centre.values == (4...8).map { (value: Int) -> Float in Float(value) / 8 })
    #expect(centre.pitchRatio == 1)
    let octave = try bank.sample(for: "C5", strikeLayer: 0).pitchRatio
    #expect(abs(octave - 2) < 1e-9, "\(octave)")
    let fifth = try bank.sample(for: "G4", strikeLayer: 0).pitchRatio
    #expect(abs(fifth - 1.498307) < 1e-6)
  }

  @Test func anAbsoluteSamplePathIsTakenAsWritten() throws {
    let folder = try temporaryFolder()
    try writeFloatWav(folder + "/abs.wav", [0.5, 0.25])
    let elsewhere = try temporaryFolder()
    let path = try file(
      "x.sfz", in: elsewhere,
      holding: Array("<control> default_path=samples/\n<region> sample=\(folder)/abs.wav\n".utf8))
    #expect(try SFZBank(path: path).sample(for: "C4", strikeLayer: 0).values == [0.5, 0.25])
  }

  @Test func aPitchedSampleSoundsAtItsKey() throws {
    let folder = try temporaryFolder()
    let tone = (0..<48_000).map { Float(sin(2 * Double.pi * 440 * Double($0) / 48_000)) / 2 }
    try writeFloatWav(folder + "/a4.wav", tone)
    let path = try file(
      "x.sfz", in: folder,
      holding: Array("<region> sample=a4.wav pitch_keycenter=a4 tune=-100\n".utf8))
    let sample = try prepare(
      SFZBank(path: path).sample(for: "A5", strikeLayer: 0), rate: 48_000, channels: 1)
    // A5 is an octave over A4, less the tune's semitone: 830.6 Hz, in half the frames less 6 %.
    let values = sample.values
    #expect(abs(values.count - 25_426) <= 1)
    var crossings = 0
    for index in 1_000..<21_000 where values[index - 1] < 0 && values[index] >= 0 { crossings += 1 }
    #expect(abs(Double(crossings) / (20_000 / 48_000) - 830.61) < 3)
  }
}

/// What sfizz reads that other tools write: line endings, byte order marks, `#define`,
/// `#include`; and what a hostile instrument may not do.
@Suite struct SFZDialectTests {
  @Test func crlfAndCRLineEndingsAndAByteOrderMarkReadAsLines() throws {
    let text =
      "\u{FEFF}<region> sample=samples/a.wav key=60 // one\r\n"
      + "<region> sample=samples/b.wav key=62\r<region> sample=samples/a.wav key=64\r\n"
    let bank = try SFZBank(path: try instrument(text))
    #expect(bank.titles == ["C4", "D4", "E4"])
    #expect(
      try bankError("<region> sample=samples/a.wav\r\n<region> lovel=0 sample=samples/a.wav\r\n")
        == BankError(path: "x.sfz:2", reason: "lovel=0 is not a whole number from 1 to 127"))
  }

  @Test func defineReplacesTheLongestNameInLaterLines() throws {
    let bank = try SFZBank(
      path: try instrument(
        """
        #define $V 1
        #define $VOL -6
        #define $KEY 60
        #define $HIGH $KEY
        <region> sample=samples/a.wav lokey=$KEY hikey=$HIGH volume=$VOL pitch_keycenter=$KEY
        """))
    #expect(bank.titles == ["C4"])
    #expect(abs(bank.level(forGain: 1, title: "C4", strikeLayer: 0) - 0.501187) < 1e-6)
    #expect(
      try bankError("#define KEY 60\n<region> sample=samples/a.wav\n")
        == BankError(path: "x.sfz:1", reason: "#define needs a $NAME and a value"))
    // An undefined name is left as written, and refused where a number is due.
    #expect(
      try bankError("<region> sample=samples/a.wav volume=$NONE\n")
        == BankError(path: "x.sfz:1", reason: "volume=$NONE is not a number from -144 to 6"))
  }

  @Test func includeReadsAFileOfTheInstrumentsFolderInPlace() throws {
    let path = try instrument(
      """
      #define $SAMPLE samples/b.wav
      <group> lovel=1
      #include "parts/regions.sfz"
      <region> sample=samples/a.wav key=70
      """)
    let folder = Path.deletingLastComponent(path)
    try FileManager.default.createDirectory(
      atPath: folder + "/parts", withIntermediateDirectories: true)
    _ = try file(
      "regions.sfz", in: folder + "/parts",
      holding: Array("<region> sample=$SAMPLE key=62 set_cc7=1\r\n".utf8))
    let bank = try SFZBank(path: path)
    #expect(bank.titles == ["D4", "A#4", "Bb4"])
    #expect(try bank.sample(for: "D4", strikeLayer: 0).values.first == -1.0 / 8)
    // An included file's warnings name it and its line.
    #expect(
      bank.warnings == ["\(folder)/parts/regions.sfz:1: opcode 'set_cc7' is not supported; ignored"]
    )
  }

  @Test func anIncludeLoopOrAFileOutsideTheFolderIsRefusedWhereItStands() throws {
    let path = try instrument("<region> sample=samples/a.wav\n#include \"again.sfz\"\n")
    let folder = Path.deletingLastComponent(path)
    _ = try file("again.sfz", in: folder, holding: Array("#include \"x.sfz\"\n".utf8))
    #expect(
      throws: BankError(
        path: "\(folder)/again.sfz:1",
        reason: "#include \"x.sfz\" includes a file that includes it: a loop")
    ) { try SFZBank(path: path) }
    for (written, reason) in [
      ("../x.sfz", "#include \"../x.sfz\" is outside the instrument's folder"),
      ("/etc/hostname", "#include \"/etc/hostname\" is outside the instrument's folder"),
      ("missing.sfz", "#include \"missing.sfz\" is not there"),
    ] {
      let outside = try instrument("<region> sample=samples/a.wav\n#include \"\(written)\"\n")
      #expect(throws: BankError(path: "\(outside):2", reason: reason)) {
        try SFZBank(path: outside)
      }
    }
    // A link inside the folder to a file outside it is outside too.
    let linked = try instrument("<region> sample=samples/a.wav\n#include \"link.sfz\"\n")
    let other = try file("o.sfz", in: try temporaryFolder(), holding: Array("// hi\n".utf8))
    try FileManager.default.createSymbolicLink(
      atPath: Path.deletingLastComponent(linked) + "/link.sfz", withDestinationPath: other)
    #expect(
      throws: BankError(
        path: "\(linked):2", reason: "#include \"link.sfz\" is outside the instrument's folder")
    ) { try SFZBank(path: linked) }
  }

  @Test func longRunsOfSpacesAndManyRegionsUnderAGroupReadInOnePass() throws {
    // A sample= value before 200,000 spaces, and 20,000 regions under a group of 50 opcodes:
    // read twice over when each space or region looked at everything after or before it.
    let spaces = String(repeating: " ", count: 200_000)
    let group = "<group> " + (1...50).map { _ in "lovel=1" }.joined(separator: " ")
    let regions = (0..<20_000).map { "<region> sample=samples/a.wav key=\($0 % 100)" }
    let bank = try SFZBank(
      path: try instrument(
        "<region> sample=samples/a.wav\(spaces)key=60\n\(group)\n"
          + regions.joined(separator: "\n")))
    #expect(bank.instrument.regions.count == 20_001)
    #expect(bank.strikeLayer(for: "C4", gain: 1, turn: 0) == 0)
    #expect(bank.strikeLayer(for: "D4", gain: 1, turn: 0) == 63)
  }

  @Test func aRegionNeverFirstToMatchIsNotACandidateButItsRoundRobinCounts() throws {
    let bank = try SFZBank(
      path: try instrument(
        """
        <region> sample=samples/a.wav lokey=60 hikey=61
        <region> sample=samples/b.wav key=60 seq_length=3 seq_position=2
        <region> sample=samples/b.wav key=61 lovel=100 seq_length=2 seq_position=2
        <region> sample=samples/a.wav key=62 lovel=100
        <region> sample=samples/b.wav key=62
        """))
    #expect(bank.roundRobinLength(for: "C4") == 3)
    #expect((0..<6).map { bank.strikeLayer(for: "C4", gain: 1, turn: $0) } == [0, 0, 0, 0, 0, 0])
    #expect(bank.strikeLayer(for: "D4", gain: 1, turn: 0) == 3)
    #expect(bank.strikeLayer(for: "D4", gain: 0.5, turn: 0) == 4)
    #expect(bank.strikeLayer(for: "E4", gain: 1, turn: 0) == -1)
  }

  @Test func aPitchBeyondEightOctavesOrAPitchedLengthOverTheLimitIsRefused() throws {
    let far = try instrument(
      "<region> sample=samples/a.wav pitch_keycenter=104 pitch_keytrack=1200\n")
    #expect(
      throws: BankError(
        path: "\(far):1",
        reason:
          "the region plays C4 -52800 cents from its sample's pitch; at most 8 octaves either way")
    ) { try SFZBank(path: far).sample(for: "C4", strikeLayer: 0) }
    // 0.3 s played two octaves down lasts 1.2 s: over a 1 s limit, within a 2 s one.
    let folder = try temporaryFolder()
    try writeFloatWav(folder + "/long.wav", [Float](repeating: 0.5, count: 14_400))
    let path = try file(
      "x.sfz", in: folder, holding: Array("<region> sample=long.wav pitch_keycenter=84\n".utf8))
    #expect(
      throws: BankError(
        path: "\(path):1",
        reason:
          "pitched down to C4, its sample would last 1.200 s, over the 1 s limit (--max-sample-seconds)"
      )
    ) { try SFZBank(path: path, maximumSampleSeconds: 1).sample(for: "C4", strikeLayer: 0) }
    #expect(
      try SFZBank(path: path, maximumSampleSeconds: 2).sample(for: "C4", strikeLayer: 0).values
        .count == 14_400)
  }

  @Test func aNegativeVelocityTrackNeverGivesAnInfiniteLevel() throws {
    let bank = try SFZBank(
      path: try instrument("<region> sample=samples/a.wav amp_veltrack=-100\n"))
    #expect(bank.level(forGain: 0, title: "C4", strikeLayer: 0) == 0)
    #expect(abs(bank.level(forGain: 1e-300, title: "C4", strikeLayer: 0) - 127) < 1e-6)
    #expect(bank.level(forGain: 1, title: "C4", strikeLayer: 0) == 1)
  }
}

@Suite struct SampleFileKindTests {
  @Test func aPipeOrAFolderNamedAsASampleIsSaidToBeOne() throws {
    let folder = try temporaryFolder()
    #expect(mkfifo(folder + "/pipe.wav", 0o600) == 0)
    try FileManager.default.createDirectory(
      atPath: folder + "/folder.wav", withIntermediateDirectories: false)
    for (name, reason) in [
      ("pipe.wav", "it is not a regular file (a pipe or a device)"),
      ("folder.wav", "it is a folder, not a sound file"),
    ] {
      let path = try file(
        "\(name).sfz", in: folder, holding: Array("<region> sample=\(name)\n".utf8))
      #expect(throws: BankError(path: "\(folder)/\(name)", reason: reason)) {
        try SFZBank(path: path).sample(for: "C4", strikeLayer: 0)
      }
    }
  }
}
