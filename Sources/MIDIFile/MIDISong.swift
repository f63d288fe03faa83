import ScoreParser

/// What a Standard MIDI File holds that a xylophone can play: its notes, tempo map and meter,
/// on the file's own tick grid.
public struct MIDISong: Sendable {
  /// 0 (one track) or 1 (tracks played together).
  public let format: Int
  /// The file's division: ticks per quarter note (1 to 32767).
  public let ticksPerQuarter: Int
  /// Every track chunk, in file order.
  public let tracks: [MIDITrack]
  /// Note-ons with velocity above 0, ordered by tick, then track, then place in the file.
  public let notes: [MIDINote]
  /// The merged tempo map: one change per tick, sorted; where two tracks set a tempo at the
  /// same tick the later one in the file wins. 500,000 µs a quarter (120 bpm) applies before
  /// the first change.
  public let tempoChanges: [MIDITempoChange]
  /// Time signatures from every track, sorted by tick (file order among equal ticks).
  public let timeSignatures: [MIDITimeSignature]
  /// The tick of the latest event in any track, end-of-track events included.
  public let endTick: Int64
  /// The first track's name, which SMF uses as the song's title.
  public let title: String?
  /// What the file's structure gets wrong that reading tolerates, each with its byte offset:
  /// a track count the header misstates, several tracks in format 0, bytes after the last
  /// chunk. (A chunk cut short is an error: its events are lost.)
  public var warnings: [MIDIWarning] = []
  /// Program changes of every track, by tick (at one tick, by track, then file order), each
  /// with the bank its channel selected; none for notation.
  public var programChanges: [MIDIProgramChange] = []

  /// The tempo segments with their start times, for exact conversion of ticks to seconds.
  let tempoMap: TempoMap

  /// The exact time of `tick` in seconds, from the tempo map; no floating point.
  ///
  /// Throws for a negative tick or one so far that its time no longer fits 64-bit fractions.
  public func seconds(atTick tick: Int64) throws(MIDIError) -> Rational {
    guard tick >= 0 else { throw MIDIError(message: "tick \(tick) is before the song starts") }
    guard let seconds = tempoMap.seconds(atTick: tick) else {
      throw MIDIError(message: "tick \(tick) is too late to time exactly")
    }
    return seconds
  }
}

/// Something a MIDI file's structure gets wrong that reading tolerates, and where.
public struct MIDIWarning: Equatable, Sendable, CustomStringConvertible {
  public var offset: Int
  public var message: String

  public var description: String { "byte \(offset): \(message)" }
}

/// A track chunk: its number and the first name it gives itself.
public struct MIDITrack: Hashable, Sendable {
  /// 1-based, in file order.
  public let number: Int
  /// The first track-name meta event (type 3), decoded as UTF-8.
  public let name: String?
  /// The first program change (0-based General MIDI program), if any.
  public var program: Int? = nil
}

/// A note-on event with a velocity above 0.
///
/// Stored in 24 bytes, since a song may hold 10 million notes.
public struct MIDINote: Hashable, Sendable {
  /// Ticks from the start of the song.
  public let tick: Int64
  /// The track (1-based).
  public var track: Int { Int(storedTrack) }
  /// The channel (1 to 16; 10 is General MIDI's drums).
  public var channel: Int { Int(storedChannel) }
  /// The MIDI note number, 0 to 127 (60 is C4).
  public var note: Int { Int(storedNote) }
  /// 1 to 127.
  public var velocity: Int { Int(storedVelocity) }
  /// The note's position among all notes of the file, tracks in file order (0-based).
  public var sequence: Int { Int(storedSequence) }
  /// Whether it is written with a flat (B-flat, not A-sharp): from notation's accidentals and
  /// key signatures, or a MIDI file's key signature; names and labels follow it.
  public var isSpelledFlat: Bool { storedFlat }

  let storedTrack: Int32
  let storedSequence: Int32
  let storedChannel: UInt8
  let storedNote: UInt8
  let storedVelocity: UInt8
  var storedFlat: Bool

  init(
    tick: Int64, track: Int, channel: Int, note: UInt8, velocity: UInt8, sequence: Int,
    flat: Bool = false
  ) {
    self.tick = tick
    storedTrack = Int32(clamping: track)
    storedSequence = Int32(clamping: sequence)
    storedChannel = UInt8(clamping: channel)
    storedNote = note
    storedVelocity = velocity
    storedFlat = flat
  }
}

/// A key-signature event: from `tick` on, black keys are named with flats when the key has
/// flats (`sharps` below 0), else with sharps.
public struct MIDIKeySignature: Hashable, Sendable {
  public let tick: Int64
  /// -7 (seven flats) to 7 (seven sharps).
  public let sharps: Int

  public init(tick: Int64, sharps: Int) {
    self.tick = tick
    self.sharps = sharps
  }
}

/// A tempo change: from `tick` on, a quarter note lasts `secondsPerQuarter`. A MIDI file states
/// it in whole microseconds; notation (MusicXML, ABC) in quarter notes a minute, which need not
/// be whole microseconds (144 a minute is 5/12 s a quarter): kept exact either way.
public struct MIDITempoChange: Hashable, Sendable {
  public let tick: Int64
  /// The quarter note's length in seconds, exact and above zero.
  public let secondsPerQuarter: Rational
  /// The note notation counts the tempo's beats in (1/2 for ABC's `Q:1/2=112`); `nil` for a
  /// MIDI file, which counts quarter notes.
  public var beatUnit: Rational?

  /// A MIDI file's set-tempo event: 1 to 16,777,215 µs a quarter; 500,000 is 120 a minute.
  public init(tick: Int64, microsecondsPerQuarter: Int) {
    self.tick = tick
    secondsPerQuarter =
      Rational(Int64(max(1, microsecondsPerQuarter)), 1_000_000) ?? Rational(1, 2) ?? .one
  }

  /// A tempo of `beatsPerMinute` quarter notes a minute (above zero); `nil` when its length
  /// does not fit a 64-bit fraction.
  public init?(tick: Int64, beatsPerMinute: Rational) {
    guard beatsPerMinute > .zero,
      let seconds = Rational(60).divided(by: beatsPerMinute)
    else { return nil }
    self.tick = tick
    secondsPerQuarter = seconds
  }

  /// Quarter notes a minute, exactly: 60 / `secondsPerQuarter`.
  public var beatsPerMinute: Rational {
    Rational(60).divided(by: secondsPerQuarter) ?? Rational(120)
  }

  /// The length of a quarter in whole microseconds, rounded: what a MIDI file can state.
  public var microsecondsPerQuarter: Int {
    Int(secondsPerQuarter.roundedHalfUp(scale: 1_000_000) ?? 500_000)
  }
}

/// A time-signature event: `numerator` beats of a 1/`denominator` note a bar from `tick` on.
public struct MIDITimeSignature: Hashable, Sendable {
  public let tick: Int64
  public let numerator: Int
  /// A power of two: 4 is a quarter note, 8 an eighth.
  public let denominator: Int
}

/// How large a MIDI file may grow once read, checked while reading.
public struct MIDILimits: Sendable {
  /// The most notes (note-ons) a song may hold.
  public var maxNotes: Int
  /// The latest time, in seconds, any event may reach.
  public var maxDuration: Rational

  /// The limits scores have (`ParseOptions`), so `--max-taps` and `--max-duration` mean the
  /// same for both.
  public init(
    maxNotes: Int = ParseOptions.defaultMaxTaps,
    maxDuration: Rational = ParseOptions.defaultMaxDuration
  ) {
    self.maxNotes = max(0, min(maxNotes, Int(Int32.max)))
    self.maxDuration = maxDuration
  }
}
