import MIDIFile
import ScoreParser
import Testing

/// `MIDILimits`: the same defaults as scores, checked while reading.
@Suite struct LimitTests {
  @Test func theDefaultsAreThoseOfScores() {
    let limits = MIDILimits()
    #expect(limits.maxNotes == ParseOptions.defaultMaxTaps)
    #expect(limits.maxDuration == ParseOptions.defaultMaxDuration)
  }

  @Test func theNotePastTheLimitIsRefusedWhereItStands() {
    let bytes = midiFile(
      track(noteOn(0, 60), noteOn(0, 60, velocity: 0), endOfTrack),
      track(noteOn(0, 62), noteOn(0, 64), endOfTrack))
    #expect(readError(bytes, limits: MIDILimits(maxNotes: 3)) == "no error")
    #expect(
      readError(bytes, limits: MIDILimits(maxNotes: 2))
        == "byte 47 (track 2): the song holds more than 2 notes, the limit (see --max-taps)")
    #expect(
      readError(bytes, limits: MIDILimits(maxNotes: 0))
        == "byte 23 (track 1): the song holds more than 0 notes, the limit (see --max-taps)")
  }

  @Test func aSongEndingAtTheDurationLimitIsRead() {
    // 1920 ticks of 96 a quarter at 120 bpm: exactly 10 s.
    let bytes = midiFile(division: 96, track(noteOn(1_920, 60), endOfTrack))
    #expect(readError(bytes, limits: MIDILimits(maxDuration: Rational(10))) == "no error")
  }

  @Test func aSongRunningPastTheLimitIsRefusedAtItsLastEvent() {
    let bytes = midiFile(division: 96, track(noteOn(0, 60), noteOn(1_921, 60), endOfTrack))
    #expect(
      readError(bytes, limits: MIDILimits(maxDuration: Rational(10)))
        == "byte 26 (track 1): the song runs past 10 seconds, the limit (see --max-duration)")
  }

  @Test func aTempoInALaterTrackCountsTowardsTheLimit() {
    let bytes = midiFile(
      division: 96, track(noteOn(1_920, 60), endOfTrack), track(tempo(0, 1_000_000), endOfTrack))
    #expect(
      readError(bytes, limits: MIDILimits(maxDuration: Rational(10)))
        == "byte 22 (track 1): the song runs past 10 seconds, the limit (see --max-duration)")
  }

  @Test func theLongestDeltaTimeRunsPastTheDefaultLimit() {
    let bytes = midiFile(division: 96, track(noteOn(0x0FFF_FFFF, 60)))
    #expect(
      readError(bytes)
        == "byte 22 (track 1): the song runs past 7200 seconds, the limit (see --max-duration)")
  }

  @Test func timesBeyond64BitsAreRefusedNotWrapped() {
    let longGap = vlq(0x0FFF_FFFF) + [0xFF, 0x01, 0]
    // 16,777,215 µs is 3,355,443/200,000 s: times count in units of 1/200,000 s.
    let events = [tempo(0, 0xFF_FFFF)] + Array(repeating: longGap, count: 11_000)
    let bytes = midiFile(division: 1, chunk("MTrk", events.flatMap { $0 }))
    #expect(
      readError(bytes, limits: MIDILimits(maxDuration: Rational(Int64.max)))
        == "byte 77022 (track 1): the song's times overflow exact 64-bit arithmetic")
  }
}
