import ScoreParser

/// How fast a song plays against how it is written: `--tempo` or `--speed`. Exact: every time
/// is divided by one rational factor, so taps stay on exact frames and tempo changes keep
/// their proportions.
public enum TempoChoice: Equatable, Sendable {
  /// The song's first tempo becomes this many beats a minute (quarter notes for MIDI and
  /// notation, the score's beats for score text; 120 where the song sets none), and every
  /// later tempo moves in proportion.
  case tempo(Rational)
  /// Every time divided by this factor: 2 plays twice as fast, 0.5 at half speed.
  case speed(Rational)

  /// The slowest and fastest a song may be made to play: a hundredth to a hundred times.
  public static let speeds = (Rational(1, 100) ?? .one)...Rational(100)
  /// The tempos `--tempo` takes, in beats a minute.
  public static let tempos = Rational(1)...Rational(10_000)

  /// The factor every time is divided by, for a song whose first tempo is `firstTempo`.
  public func speed(firstTempo: Rational) -> Rational? {
    switch self {
    case .speed(let factor): factor
    case .tempo(let beatsPerMinute): beatsPerMinute.divided(by: firstTempo)
    }
  }
}
