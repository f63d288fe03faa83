import MIDIFile
import Notation
import ScoreParser
import Testing

/// Files of several tunes, tempi and dynamics.
@Suite struct ABCTuneTests {
  static let book = """
    %abc-2.1
    L:1/4

    X:3
    T:First
    K:C
    C D

    Free text between tunes is not music: C D E F

    X:7
    T:Second
    T:Its subtitle
    K:G
    F G A
    """

  @Test func theFirstTuneIsReadAndEveryTuneListed() throws {
    let read = try readABCText(Self.book)
    #expect(
      read.tunes == [
        NotatedTune(number: 3, title: "First"), NotatedTune(number: 7, title: "Second"),
      ])
    #expect(read.song.title == "First")
    #expect(placedNotes(read.song).map(\.note) == [60, 62])
  }

  @Test func aTuneIsChosenByItsNumberAndTheFileHeaderAppliesToIt() throws {
    let read = try readABCText(Self.book, tune: 7)
    #expect(read.song.title == "Second")
    // L:1/4 from the file header: a quarter each.
    #expect(placedNotes(read.song).map(\.description) == ["0:66", "1:67", "2:69"])
  }

  @Test func aMissingTuneIsAnErrorListingTheTunes() {
    #expect(
      errorText(Self.book, tune: 5)
        == "tune.abc: no tune X:5 in the file; its tunes are 3 'First', 7 'Second' (choose one with --tune N)"
    )
  }

  /// Tempi and the seconds of a note two quarter notes in.
  @Test(arguments: [
    ("Q:1/4=120", "1"), ("Q:1/4=60", "2"), ("Q:1/2=30", "2"), ("Q:3/8=40", "2"),
    ("Q:120", "2"), ("Q:C=120", "2"), ("Q:C2=60", "2"), ("Q:\"Allegro\" 1/4=60", "2"),
    ("Q:1/4=60 \"slowly\"", "2"), ("Q:1/8 1/8=30", "4"), ("Q:1/4=90.5", "240/181"),
    ("Q:\"Allegro\"", "1"), ("T:no tempo", "1"),
  ])
  func tempoFormsGiveQuarterNotesAMinute(field: String, seconds: String) throws {
    let song = try readABCText(tune("c4 d", header: "M:4/4\nL:1/8\n\(field)\nK:C")).song
    #expect(try song.seconds(atTick: song.notes[1].tick).description == seconds)
  }

  @Test func dynamicsSetTheVelocityOfTheNotesAfterThem() throws {
    let song = try readABCText(tune("c !p! d +f+ e [!ff!g] !mf! a !ppp! b !fff! c'")).song
    #expect(song.notes.map(\.velocity) == [80, 48, 96, 112, 80, 16, 127])
  }

  @Test func theDynamicsTableRunsFromPPPPToFFFF() {
    #expect(Dynamics.velocities.map(\.velocity) == [8, 16, 32, 48, 64, 80, 96, 112, 127, 127])
    #expect(Dynamics.velocity(of: "mp") == 64)
    #expect(Dynamics.velocity(of: "sfz") == nil)
  }

  @Test func aMeterAtTheStartOfTheBodyReplacesTheHeaders() throws {
    let song = try readABCText(tune("[M:3/4] c6 |", header: "M:4/4\nL:1/8\nK:C")).song
    #expect(song.timeSignatures.map { "\($0.numerator)/\($0.denominator)@\($0.tick)" } == ["3/4@0"])
  }

  @Test func metersAndTheEndReachTheSong() throws {
    let song = try readABCText(tune("c8 | [M:3/4] c6 |", header: "M:4/4\nL:1/8\nK:C")).song
    let quarter = Int64(song.ticksPerQuarter)
    #expect(
      song.timeSignatures.map { "\($0.numerator)/\($0.denominator)@\($0.tick / quarter)" } == [
        "4/4@0", "3/4@4",
      ])
    #expect(song.endTick == 7 * quarter)
  }
}
