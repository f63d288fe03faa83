import Rendering

/// `--start` and `--end`: the part of a song `render`, `ringtone` and `video` play.
enum ExcerptOptions {
  static let specs = [
    OptionSpec(
      "--start", value: "TIME|bar:N",
      help: "Play from TIME seconds, or from the start of bar N (1 is the first)"),
    OptionSpec(
      "--end", value: "TIME|bar:N", help: "Stop before TIME seconds, or before bar N starts"),
  ]

  static func parse(_ arguments: ParsedOptions) throws(OptionError) -> Excerpt {
    func point(_ option: String) throws(OptionError) -> Excerpt.Point? {
      guard let text = arguments.values[option] else { return nil }
      guard let point = Excerpt.point(parsing: text) else {
        throw OptionError(
          "\(option) needs seconds (0 or more) or bar:N (N from 1), got \(quote(text))")
      }
      return point
    }
    return Excerpt(start: try point("--start"), end: try point("--end"))
  }
}
