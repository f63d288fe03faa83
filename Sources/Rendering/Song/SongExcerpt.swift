import ScoreParser
import Settings

extension Song {
  /// Keeps only `excerpt` of the song, moved to start at 0 (`--start`, `--end`): its taps, and
  /// the tempo and meter in force there, so bars and ringtone cuts count from its start.
  public mutating func select(_ excerpt: Excerpt) throws(RenderError) {
    guard excerpt.start != nil || excerpt.end != nil else { return }
    let song = score
    func seconds(_ point: Excerpt.Point, _ option: String) throws(RenderError) -> Rational {
      switch point {
      case .seconds(let time): return time
      case .bar(let number):
        guard let time = song.startOfBar(number) else {
          throw .invalidSetting(
            "\(option) bar:\(number) is past the song's end; it has fewer bars")
        }
        return time
      }
    }
    let start =
      try excerpt.start.map { (point) throws(RenderError) in try seconds(point, "--start") }
      ?? .zero
    let end = try excerpt.end.map { (point) throws(RenderError) in try seconds(point, "--end") }
    guard start < (end.map { min($0, song.duration) } ?? song.duration) else {
      throw .invalidSetting(
        "--start \(timeText(start)) leaves nothing to play: the part ends at \(timeText(end.map { min($0, song.duration) } ?? song.duration))"
      )
    }
    score = song.excerpt(from: start, to: end)
  }
}
