import Foundation
import TestSupport
import Testing

/// ABC files everywhere a score goes, through the built binary.
@Suite struct ABCTests {
  static let little = """
    X:1
    T:Little Tune
    M:3/4
    L:1/8
    Q:1/4=120
    K:G
    |: B2 AG A>B | c2 {d}c2 !trill!B2 :|

    """

  static let book = """
    X:3
    T:First
    L:1/4
    K:C
    C D

    X:7
    T:Second
    L:1/4
    V:1 name="Top"
    V:2 name="Low"
    K:G
    V:1
    f g
    V:2
    B A

    """

  private func write(_ text: String, name: String = "tune.abc") throws -> String {
    let path = try temporaryFolder() + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func eventsPlaysRepeatsGraceNotesAndBrokenRhythmAtExactTimes() throws {
    let path = try write(Self.little)
    let result = try run(["events", path])
    #expect(result.status == 0)
    #expect(
      result.stderr == "xylo-render: warning: \(path): 1 decoration (!trill!) is not played\n")
    let pass = [
      ("0", "0.000000", "B4"), ("24000", "0.500000", "A4"), ("36000", "0.750000", "G4"),
      ("48000", "1.000000", "A4"), ("66000", "1.375000", "B4"), ("72000", "1.500000", "C5"),
      ("94500", "1.968750", "D5"), ("96000", "2.000000", "C5"), ("120000", "2.500000", "B4"),
    ]
    let second = [
      ("144000", "3.000000", "B4"), ("168000", "3.500000", "A4"), ("180000", "3.750000", "G4"),
      ("192000", "4.000000", "A4"), ("210000", "4.375000", "B4"), ("216000", "4.500000", "C5"),
      ("238500", "4.968750", "D5"), ("240000", "5.000000", "C5"), ("264000", "5.500000", "B4"),
    ]
    let rows = (pass + second).map { "\($0.0),\($0.1),\($0.2),0.6299212598425197,1" }
    #expect(
      result.stdout == (["frame,seconds,key,gain,track"] + rows).joined(separator: "\n") + "\n")
  }

  @Test func convertWritesAScoreWithItsMeterThatRendersToTheSameBytes() throws {
    let folder = try temporaryFolder()
    let abc = try write(Self.little)
    let score = folder + "/little.xylo"
    let converted = try run(["convert", abc, "-o", score])
    #expect(converted.status == 0)
    #expect(
      converted.stderr == """
        xylo-render: note: \(abc): 1 decoration (!trill!) is not played
        wrote '\(score)': a score of 18 taps

        """)
    let bar1 = "B4 A4:0.5 G4:0.5 A4:0.75 B4:0.25 |"
    let bar2 = "C5:0.9375 D5:0.0625 C5 B4 |"
    // The tune's one gain is said once, not after every note.
    #expect(
      try String(contentsOfFile: score, encoding: .utf8)
        == ["title Little Tune", "tempo 120", "meter 3/4", "gain 80/127", bar1, bar2, bar1, bar2]
        .joined(separator: "\n") + "\n")
    let fromABC = try run(["render", abc, "-o", folder + "/abc.wav"])
    let fromScore = try run(["render", score, "-o", folder + "/score.wav"])
    #expect(fromABC.status == 0 && fromScore.status == 0)
    let abcAudio = try Data(contentsOf: URL(fileURLWithPath: folder + "/abc.wav"))
    let scoreAudio = try Data(contentsOf: URL(fileURLWithPath: folder + "/score.wav"))
    #expect(abcAudio.count > 44 && abcAudio == scoreAudio)
  }

  @Test func infoListsTheTunesAndTheChosenTunesVoicesAsParts() throws {
    let path = try write(Self.book)
    let result = try run(["info", "--tune", "7", path])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        \(path): ABC, 1.000 s, 4 taps on 4 keys
        title: Second
        tempo: 120 quarter notes a minute (default)
        TUNE  TITLE
        3     First
        7     Second
        TRACK  NAME                  INSTRUMENT            CHANNELS  NOTES  RANGE    OCTAVES  DRUMS  FOLDED  UNPLAYABLE
        1      Top                   -                     1         2      F#5-G5   0        0      0       0
        2      Low                   -                     1         2      A4-B4    0        0      0       0

        """)
  }

  @Test func aPartIsChosenByItsVoicesName() throws {
    let path = try write(Self.book)
    let result = try run(["events", "--tune", "7", "--part", "Low", path])
    #expect(
      result.stdout == "frame,seconds,key,gain,track\n0,0.000000,B4,0.6299212598425197,2\n"
        + "24000,0.500000,A4,0.6299212598425197,2\n")
  }

  @Test func aMissingTuneNamesTheTunesThereAre() throws {
    let path = try write(Self.book)
    let result = try run(["render", "--tune", "5", path, "-o", try temporaryFolder() + "/x.wav"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "xylo-render: error: \(path): no tune X:5 in the file; its tunes are 3 'First', 7 'Second' (choose one with --tune N)\n"
    )
  }

  @Test func aBrokenTuneIsAnErrorAtItsLineAndColumnWithACaret() throws {
    let path = try write("X:1\nT:Bad\nM:4/4\nL:1/8\nK:C\nc2 # d2\n", name: "bad.abc")
    let result = try run(["check", path])
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        \(path):6:4: error: unexpected '#'; expected a note, a rest, a bar line or a decoration
        c2 # d2
           ^

        """)
  }

  @Test func theExampleTuneRenders() throws {
    let result = try run(["check", "Examples/notation/ode-to-joy.abc"])
    #expect(result.status == 0)
  }
}
