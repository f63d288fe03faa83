import Notation
import ScoreParser
import Testing

/// Repeats, endings and jumps: the measures played, in order.
@Suite struct MusicXMLRepeatTests {
  /// A case: what each measure holds besides its note (barlines, sounds), and the measures
  /// (1-based) played.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var marks: [String]
    var played: [Int]
    var testDescription: String { name }
  }

  static let forward = "<barline location=\"left\"><repeat direction=\"forward\"/></barline>"

  static func backward(_ times: Int? = nil) -> String {
    let count = times.map { " times=\"\($0)\"" } ?? ""
    return "<barline location=\"right\"><repeat direction=\"backward\"\(count)/></barline>"
  }

  static func ending(_ numbers: String, _ type: String = "start") -> String {
    let location = type == "start" ? "left" : "right"
    return
      "<barline location=\"\(location)\"><ending number=\"\(numbers)\" type=\"\(type)\"/></barline>"
  }

  static func sound(_ attributes: String) -> String {
    "<direction><sound \(attributes)/></direction>"
  }

  static let cases: [Case] = [
    Case(name: "a repeated section", marks: [forward, backward(), ""], played: [1, 2, 1, 2, 3]),
    Case(
      name: "no forward repeat: from the start", marks: ["", backward(), ""],
      played: [1, 2, 1, 2, 3]),
    Case(
      name: "a second repeat with no forward: from where the first section ended",
      marks: [backward(), "", backward(), ""], played: [1, 1, 2, 3, 2, 3, 4]),
    Case(name: "times=3", marks: [forward + backward(3), ""], played: [1, 1, 1, 2]),
    Case(
      name: "first and second endings",
      marks: [
        forward, ending("1") + backward() + ending("1", "stop"),
        ending("2") + ending("2", "discontinue"), "",
      ],
      played: [1, 2, 1, 3, 4]),
    Case(
      name: "an ending for passes 1 and 2 of three",
      marks: [forward, ending("1, 2") + backward(3) + ending("1, 2", "stop"), ending("3")],
      played: [1, 2, 1, 2, 1, 3]),
    Case(
      name: "an ending two measures long",
      marks: [forward, ending("1"), backward() + ending("1", "stop"), ending("2"), ""],
      played: [1, 2, 3, 1, 4, 5]),
    Case(
      name: "D.C. al Fine", marks: ["", sound("fine=\"yes\""), sound("dacapo=\"yes\"")],
      played: [1, 2, 3, 1, 2]),
    Case(
      name: "D.C.: repeats are not taken again",
      marks: [forward + backward(), sound("fine=\"yes\""), sound("dacapo=\"yes\"")],
      played: [1, 1, 2, 3, 1, 2]),
    Case(
      name: "D.C.: only the last ending is played again",
      marks: [
        forward, ending("1") + backward() + ending("1", "stop"), ending("2") + ending("2", "stop"),
        sound("dacapo=\"yes\""),
      ], played: [1, 2, 1, 3, 4, 1, 3, 4]),
    Case(
      name: "D.S. al Coda",
      marks: [
        "", sound("segno=\"s\""), sound("tocoda=\"c\""), sound("dalsegno=\"s\""),
        sound("coda=\"c\""),
      ], played: [1, 2, 3, 4, 2, 3, 5]),
  ]

  @Test(arguments: cases) func measuresArePlayedInRepeatOrder(_ example: Case) throws {
    let notes = try heard(score(Self.measureTexts(example.marks)))
    #expect(notes.map { Self.measure(of: $0.note) } == example.played)
    // Each measure lasts a beat: the notes are a beat apart.
    #expect(notes.map(\.quarter) == notes.indices.map { q(Int64($0)) })
  }

  /// Each measure's text: its note (a step of C major a measure) with its marks.
  static func measureTexts(_ marks: [String]) -> [String] {
    let steps = ["C", "D", "E", "F", "G", "A", "B"]
    return marks.enumerated().map { index, mark in
      let pitch = "\(steps[index % 7])\(4 + index / 7)"
      return mark.hasPrefix("<barline location=\"left\"") || mark.hasPrefix(forward)
        ? mark + note(pitch, 1) : note(pitch, 1) + mark
    }
  }

  /// The measure (1-based) whose note is the MIDI `note`.
  static func measure(of note: Int) -> Int {
    let steps = [0, 2, 4, 5, 7, 9, 11]
    let octave = note / 12 - 5
    return octave * 7 + (steps.firstIndex(of: note % 12) ?? 0) + 1
  }

  @Test func aDalSegnoWithNoSegnoIsNotFollowedWithAWarning() throws {
    let read = try read(score(Self.measureTexts(["", Self.sound("dalsegno=\"x\"")])))
    #expect(heard(read.song).count == 2)
    #expect(read.warnings == ["1 jump ('D.S.') with no segno or coda to go to is not followed"])
  }

  @Test func jumpsWrittenOnlyAsWordsAreListedNotFollowed() throws {
    let words =
      "<direction><direction-type><words>D.C. al Fine</words></direction-type></direction>"
    let read = try read(score(Self.measureTexts(["", words])))
    #expect(heard(read.song).count == 2)
    #expect(
      read.warnings == [
        "1 jump written only as text or a sign ('D.C. al Fine') is not followed; a <sound> element's dacapo, dalsegno, tocoda or fine attribute is"
      ])
  }

  @Test func repeatsPlayingTooManyMeasuresAreRefused() throws {
    var measures = [String](repeating: note("C4", 1), count: 200)
    measures[199] += Self.backward(10_000)
    let error = readingError(score(measures))
    #expect(
      error?.description == "test.musicxml: the repeats and jumps play more than 1000000 measures")
  }

  @Test func repeatsOverManyPartsAreBoundedInAll() throws {
    var measures = [String](repeating: note("C5", 1), count: 60)
    measures[59] += Self.backward(10_000)
    let error = readingError(partwise(Array(repeating: measures, count: 40)))
    #expect(
      error?.description
        == "test.musicxml: the repeats and jumps play 600000 measures in each of 40 parts, more than 20000000 in all"
    )
  }
}
