import MIDIFile
import ScoreParser
import Testing

/// Scores written as MIDI and read back.
@Suite struct MIDIWriterTests {
  /// The app's titles to notes, as the bank's lookup would give them.
  static func appNote(_ title: String) -> Int? {
    appKeys.first { $0.title == title }?.note
  }

  static func parsed(_ text: String) -> Score? {
    let result = parseScore(text)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { $0.headline(path: "s") })")
    return result.score
  }

  /// The score written and read back with the app's keys.
  static func roundTrip(_ score: Score) throws -> (MIDISong, MIDIImport) {
    let export = midiBytes(from: score, noteOf: appNote)
    let song = try readMIDI(export.bytes)
    return (song, try MIDIFile.score(from: song, mapping: NoteMapping(keys: appKeys)))
  }

  static let gridScores: [String] =
    [100, 120, 150].flatMap { tempo in
      ["1/2", "1/3", "1/4"].map { length in
        "tempo \(tempo)\nlength \(length)\nC D E F G A B HighC C:2 D . E:1/2 F"
      }
    } + [
      "tempo 100\nC:1/3 D\ntempo 150\nE:1/4 F\ntempo 120\nG:1/2 A",
      "C D\ntempo 40\nlength 1/3\nE F G A",
      "0 C\n0 C\n1/3 D\n0.25 E",
    ]

  @Test(arguments: gridScores)
  func tapsOnTheBeatGridOfWholeMicrosecondTemposComeBackExactly(_ text: String) throws {
    let score = try #require(Self.parsed(text))
    let (_, back) = try Self.roundTrip(score)
    #expect(tapLines(back.score.taps) == tapLines(score.taps))
    #expect(back.score.duration == score.duration)
  }

  @Test(arguments: [
    "tempo 97.5\nlength 1/3\nC D E F G A B HighC C D E F G A B HighC C D E F G A B HighC",
    "tempo 140\nlength 1/3\nC D E F G A B\ntempo 97.5\nC:1/5 D:2/7 E F",
    "tempo 1000.3\nC D E\ntempo 61.7\nF G\n1/7 A\n12345/1001 B",
  ])
  func otherTapsComeBackWithinHalfAMillisecond(_ text: String) throws {
    let score = try #require(Self.parsed(text))
    let (_, back) = try Self.roundTrip(score)
    #expect(back.score.taps.map(\.key) == score.taps.map(\.key))
    let (low, high) = (try #require(Rational(-1, 2_000)), try #require(Rational(1, 2_000)))
    for (original, read) in zip(score.taps, back.score.taps) {
      let error = try #require(read.time.subtracting(original.time))
      #expect(low <= error && error <= high, "\(original.key) at \(original.time): off by \(error)")
    }
  }

  @Test func aSlowTempoIsWrittenWithShorterMIDIQuarters() throws {
    // 40 bpm is 1,500,000 µs a beat: above 960,000, so a MIDI quarter is half a beat.
    let score = try #require(Self.parsed("tempo 40\nlength 1/3\nC D E F"))
    let (song, back) = try Self.roundTrip(score)
    #expect(song.tempoChanges.map(\.microsecondsPerQuarter) == [750_000])
    #expect(tapLines(back.score.taps) == ["0 C", "1/2 D", "1 E", "3/2 F"])
  }

  @Test func theTempoMapTitleAndMeterAreWrittenInTrack1() throws {
    let score = try #require(Self.parsed("title Ode\ntempo 100\nC D\ntempo 150\nE"))
    let (song, back) = try Self.roundTrip(score)
    #expect(song.format == 1)
    #expect(song.ticksPerQuarter == 960)
    #expect(song.title == "Ode")
    #expect(
      song.tempoChanges.map { "\($0.tick) \($0.microsecondsPerQuarter)" } == [
        "0 600000", "1920 400000",
      ])
    #expect(song.timeSignatures.map { "\($0.numerator)/\($0.denominator)" } == ["4/4"])
    // A MIDI file's tempi have no score line.
    #expect(
      back.score.tempoChanges
        == score.tempoChanges.map { TempoChange(time: $0.time, beatsPerMinute: $0.beatsPerMinute) })
  }

  @Test func tempoChangesGoingBackInTimeLeaveTheFirstTempoAlone() throws {
    let score = try #require(Self.parsed("C D\ntempo 100\nE\n0.25\ntempo 150\nF"))
    let (song, back) = try Self.roundTrip(score)
    #expect(song.tempoChanges.map(\.microsecondsPerQuarter) == [600_000])
    #expect(tapLines(back.score.taps) == tapLines(score.taps))
  }

  @Test func aGapLongerThanADeltaTimeIsBridged() throws {
    // One µs a quarter: 960 million ticks a second, past the 4-byte delta limit.
    let score = try #require(Self.parsed("tempo 60000000\nC:0 .:90000000 D"))
    let (song, back) = try Self.roundTrip(score)
    #expect(song.tempoChanges.map(\.microsecondsPerQuarter) == [1])
    #expect(tapLines(back.score.taps) == ["0 C", "90 D"])
  }

  @Test func tapsWhoseKeyPlaysNoNoteAreSkippedAndCounted() throws {
    let score = try #require(Self.parsed("C kick_2 D Zz"))
    let export = midiBytes(from: score, noteOf: Self.appNote)
    #expect(export.skippedTaps == 2)
    #expect(export.unplacedTaps == 0)
    let back = try MIDIFile.score(
      from: readMIDI(export.bytes), mapping: NoteMapping(keys: appKeys))
    #expect(tapLines(back.score.taps) == ["0 C", "1 D"])
  }

  @Test func scientificNamesNeedNoLookUp() throws {
    let score = try #require(Self.parsed("C#4 Db4 A0"))
    let song = try readMIDI(midiBytes(from: score).bytes)
    #expect(song.notes.map(\.note) == [61, 61, 21])
  }

  @Test(arguments: [(1.0, 127), (0.5, 64), (0.1, 13), (0.0, 1), (3.0, 127), (0.003, 1)])
  func velocityIsGainTimes127RoundedWithin1To127(_ gain: Double, _ velocity: Int) throws {
    let score = Score(
      taps: [Tap(time: .zero, key: "C", gain: gain, line: 1, column: 1, sequence: 0)],
      duration: .zero)
    let song = try readMIDI(midiBytes(from: score, noteOf: Self.appNote).bytes)
    #expect(song.notes.map(\.velocity) == [velocity])
  }

  @Test func notesAreHeldUntilStruckAgainOrForOneBeat() throws {
    let score = try #require(Self.parsed("C:1/2 C D:2"))
    let bytes = midiBytes(from: score, noteOf: Self.appNote).bytes
    let header: [UInt8] = Array("MThd".utf8) + [0, 0, 0, 6, 0, 1, 0, 2, 0x03, 0xC0]
    let tempoTrack: [UInt8] =
      Array("MTrk".utf8) + [0, 0, 0, 19] + [0, 0xFF, 0x58, 4, 4, 2, 24, 8]
      + [0, 0xFF, 0x51, 3, 0x07, 0xA1, 0x20] + [0, 0xFF, 0x2F, 0]
    // C on at 0, off and on again at 480 (struck again), D on at 1440 as C is released one beat
    // after its start, D off one beat later at 2400 and the end at 1.75 s (tick 3360);
    // note-offs are note-ons of velocity 0, in running status. The track is named Xylophone
    // and plays General MIDI's Xylophone, program byte 13 (the 14th of the 1-based table).
    let noteTrack: [UInt8] =
      Array("MTrk".utf8) + [0, 0, 0, 43] + [0, 0xFF, 0x03, 9] + Array("Xylophone".utf8)
      + [0, 0xC0, 13] + [0, 0x90, 84, 127] + [0x83, 0x60, 84, 0]
      + [0, 84, 127] + [0x87, 0x40, 84, 0] + [0, 86, 127] + [0x87, 0x40, 86, 0]
      + [0x87, 0x40, 0xFF, 0x2F, 0]
    #expect(bytes == header + tempoTrack + noteTrack)
  }

  /// Each voice is a track of its own, named after it, on a channel of its own (never 10, the
  /// drums') set to the xylophone; the file reads back with every note.
  @Test func eachVoiceIsANamedXylophoneTrackOnItsOwnChannel() throws {
    let voices = (1...11).map { "voice v\($0)\n0 C" }.joined(separator: "\n")
    let score = try #require(Self.parsed(voices))
    let song = try readMIDI(midiBytes(from: score, noteOf: Self.appNote).bytes)
    #expect(song.tracks.dropFirst().map(\.name) == (1...11).map { "v\($0)" })
    #expect(song.notes.map(\.channel) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12])
    #expect(song.tracks.dropFirst().allSatisfy { $0.program == 13 })
  }
}
