import MIDIFile
import ScoreParser
import Testing

@Suite struct NotatedSongTests {
  @Test func aTempoThatIsNotWholeMicrosecondsKeepsExactTimes() throws {
    // 144 quarters a minute is 5/12 s a quarter (416,666.67 µs), then 100 a minute (3/5 s).
    let tempi = try [(0, 144), (960, 100)].map { (tick, bpm) throws -> MIDITempoChange in
      try #require(MIDITempoChange(tick: Int64(tick), beatsPerMinute: Rational(Int64(bpm))))
    }
    let song = try MIDISong(
      notatedWith: 480, parts: ["Flute"],
      notes: [
        NotatedNote(tick: 480, part: 1, voice: 1, note: 72, velocity: 80),
        NotatedNote(tick: 1_200, part: 1, voice: 1, note: 74, velocity: 80),
      ],
      tempoChanges: tempi, timeSignatures: [], endTick: 1_440, title: "Test")
    #expect(try song.seconds(atTick: 480) == Rational(5, 12))
    // Two quarters at 5/12 s, then half a quarter at 3/5 s.
    #expect(try song.seconds(atTick: 1_200) == Rational(5, 6)?.adding(Rational(3, 10)!))
    #expect(song.tempoChanges.map(\.beatsPerMinute) == [Rational(144), Rational(100)])
    #expect(song.tracks.map(\.name) == ["Flute"])
  }

  @Test func aMIDIFilesTempoIsWholeMicroseconds() {
    let change = MIDITempoChange(tick: 0, microsecondsPerQuarter: 416_667)
    #expect(change.microsecondsPerQuarter == 416_667)
    #expect(change.secondsPerQuarter == Rational(416_667, 1_000_000))
  }
}
