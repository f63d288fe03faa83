import MIDIFile
import ScoreParser
import Testing

/// The merged tempo map and exact times; expected values by fraction arithmetic by hand:
/// seconds = Σ ticks × µs-per-quarter / (1,000,000 × ticks-per-quarter).
@Suite struct TempoMapTests {
  @Test func aTempoSetInALaterTrackTimesTheFirstTracksNotes() throws {
    // pretty_midi reads tempo only from the first track; the notes here are in track 1.
    let bytes = midiFile(
      division: 96,
      track(noteOn(0, 60), noteOn(96, 62), noteOn(96, 64), noteOn(96, 65), endOfTrack),
      track(tempo(96, 1_000_000), tempo(96, 250_000), endOfTrack))
    let song = try #require(readSong(bytes))
    #expect(
      try song.notes.map { try song.seconds(atTick: $0.tick) }
        == [
          Rational(0), Rational(1, 2), Rational(3, 2), Rational(7, 4),
        ].compactMap { $0 })
    #expect(song.tempoChanges.map(\.tick) == [96, 192])
  }

  @Test func atEqualTicksTheTempoSetLaterInTheFileWins() throws {
    let bytes = midiFile(
      division: 96,
      track(tempo(0, 400_000), tempo(96, 300_000), tempo(0, 200_000), noteOn(96, 60), endOfTrack),
      track(tempo(0, 800_000), endOfTrack))
    let song = try #require(readSong(bytes))
    #expect(
      song.tempoChanges.map { "\($0.tick) \($0.microsecondsPerQuarter)" } == [
        "0 800000", "96 200000",
      ])
    // 96 ticks at 0.8 s a quarter, then 96 at 0.2 s.
    #expect(try song.seconds(atTick: 192) == Rational(1))
  }

  @Test func withoutSetTempoAQuarterLastsHalfASecond() throws {
    let song = try #require(readSong(midiFile(division: 480, track(noteOn(720, 60), endOfTrack))))
    #expect(song.tempoChanges.isEmpty)
    #expect(try song.seconds(atTick: 720) == Rational(3, 4))
  }

  struct DivisionCase: CustomTestStringConvertible, Sendable {
    var ticksPerQuarter: Int
    var testDescription: String { "\(ticksPerQuarter) ticks a quarter" }
  }

  @Test(arguments: [96, 480, 960].map(DivisionCase.init))
  func timesAreTheSameAtEveryDivision(_ division: DivisionCase) throws {
    let ppq = division.ticksPerQuarter
    // 100 bpm: a third of a beat is 0.2 s, two beats 1.2 s; then 150 bpm.
    let bytes = midiFile(
      division: ppq,
      track(
        tempo(0, 600_000), noteOn(ppq / 3, 60), noteOn(ppq * 5 / 3, 62), tempo(0, 400_000),
        noteOn(ppq / 4, 64), endOfTrack))
    let song = try #require(readSong(bytes))
    #expect(
      try song.notes.map { try song.seconds(atTick: $0.tick).description } == [
        "1/5", "6/5", "13/10",
      ])
  }

  struct TieCase: CustomTestStringConvertible, Sendable {
    var name: String
    var microsecondsPerQuarter: Int
    var tick: Int
    var rate: Int64
    var frame: Int64
    var testDescription: String { name }
  }

  /// Ties go to the later frame, as for scores: floor(t × rate + 1/2).
  @Test(arguments: [
    TieCase(
      name: "PPQ 96, 120 bpm, tick 8 is 1/24 s: frame 1837.5 at 44.1 kHz",
      microsecondsPerQuarter: 500_000, tick: 8, rate: 44_100, frame: 1_838),
    TieCase(
      name: "PPQ 96, 500,500 µs, tick 2 is 0.010427083 s: frame 500.5 at 48 kHz",
      microsecondsPerQuarter: 500_500, tick: 2, rate: 48_000, frame: 501),
  ])
  func aNoteOnAHalfFrameTieLandsOnTheLaterFrame(_ tie: TieCase) throws {
    let bytes = midiFile(
      division: 96, track(tempo(0, tie.microsecondsPerQuarter), noteOn(tie.tick, 60), endOfTrack))
    let song = try #require(readSong(bytes))
    let seconds = try song.seconds(atTick: Int64(tie.tick))
    let exact = try #require(seconds.multiplied(by: Rational(tie.rate)))
    #expect(exact.denominator == 2)
    #expect(seconds.roundedHalfUp(scale: tie.rate) == tie.frame)
  }

  @Test func aTickBeforeTheStartHasNoTime() throws {
    let song = try #require(readSong(midiFile(track(endOfTrack))))
    #expect(throws: MIDIError(message: "tick -1 is before the song starts")) {
      try song.seconds(atTick: -1)
    }
  }

  @Test func beatsPerMinuteAreExact() throws {
    let song = try #require(readSong(midiFile(track(tempo(0, 615_385), tempo(1, 428_571)))))
    #expect(
      song.tempoChanges.map(\.beatsPerMinute.description) == [
        "12000000/123077", "20000000/142857",
      ])
  }
}
