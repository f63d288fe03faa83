import ScoreParser

/// The part of a song to play (`--start`, `--end`): from a time or the start of a bar, to a
/// time or the start of a bar; `nil` ends are the song's own.
public struct Excerpt: Equatable, Sendable {
  public enum Point: Equatable, Sendable {
    /// Seconds from the song's start.
    case seconds(Rational)
    /// The start of bar N (1 is the first), on the song's tempo map and meters.
    case bar(Int)
  }

  public var start: Point?
  public var end: Point?

  public init(start: Point? = nil, end: Point? = nil) {
    self.start = start
    self.end = end
  }

  /// `12.5` (seconds) or `bar:9`, as `--start` and `--end` take them; `nil` for anything else.
  public static func point(parsing text: String) -> Point? {
    if text.hasPrefix("bar:") {
      guard let bar = Int(text.dropFirst(4)), bar >= 1 else { return nil }
      return .bar(bar)
    }
    return Rational(parsing: text).map(Point.seconds)
  }
}
