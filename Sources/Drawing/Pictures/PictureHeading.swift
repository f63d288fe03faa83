/// The top line of a picture: its title in bold, then its details smaller and lighter
/// (`Twinkle   42 taps · 7 keys · 28.8 s`), 16 pixels in from the left. A title too long for
/// the line with its details is fitted by `TitleFit` within the picture less its margins: on
/// two lines (down to `smallestSize`) with the details after the last one or on a line of
/// their own below it, or, where the heading has one line, on what the details leave (at least
/// half the line).
struct PictureHeading {
  /// The title's lines and size; `nil` without a title.
  var title: TitleFit?
  var details: String
  /// The title's lines' baselines, top first.
  var titleBaselines: [Double]
  /// Where the details start, on their baseline.
  var detailsOrigin: Point
  /// How much lower the heading's last line is than a heading of one line: what is below
  /// moves down by as much.
  var drop: Double

  static let margin = 16.0
  static let titleSize = 20.0
  static let smallestSize = 14.0
  static let detailsSize = 14.0
  /// From one line's baseline to the next, as a multiple of the size of the one below.
  static let lineSpacing = 1.2

  /// The heading of a picture `width` pixels wide whose first line's baseline is at
  /// `baseline`, on at most `lineCount` lines (1: the picture's layout has room for no more).
  init(
    title: String?, details: String, width: Int, baseline: Double, lineCount: Int = 2,
    measuring canvas: Canvas
  ) {
    self.details = details
    let room = Double(width) - 2 * Self.margin
    let detailsWidth = canvas.textWidth(details, size: Self.detailsSize)
    let measure = { (text: String, size: Double) in
      canvas.textWidth(text, size: size, weight: .bold)
    }
    guard let title else {
      self.title = nil
      titleBaselines = []
      detailsOrigin = Point(x: Self.margin, y: baseline)
      drop = 0
      return
    }
    // As one line with its details where it fits, else as `TitleFit` fits it.
    let fits = measure(title, Self.titleSize) + Self.margin + detailsWidth <= room
    let fitted =
      fits
      ? TitleFit(lines: [title], size: Self.titleSize)
      : TitleFit(
        title, room: lineCount < 2 ? max(room - Self.margin - detailsWidth, room / 2) : room,
        size: Self.titleSize, smallest: Self.smallestSize, lineCount: lineCount, measure: measure)
    self.title = fitted
    titleBaselines = fitted.lines.indices.map {
      baseline + Double($0) * Self.lineSpacing * fitted.size
    }
    let last = titleBaselines.last ?? baseline
    let lastWidth = measure(fitted.lines.last ?? "", fitted.size)
    if lineCount < 2 || lastWidth + Self.margin + detailsWidth <= room {
      detailsOrigin = Point(x: Self.margin + lastWidth + Self.margin, y: last)
    } else {
      detailsOrigin = Point(x: Self.margin, y: last + Self.lineSpacing * Self.detailsSize)
    }
    drop = detailsOrigin.y - baseline
  }

  /// Draws the title in `titleColour` and the details in `detailsColour`.
  func draw(on canvas: Canvas, titleColour: Colour, detailsColour: Colour) {
    if let title {
      for (line, baseline) in zip(title.lines, titleBaselines) {
        canvas.text(
          line, at: Point(x: Self.margin, y: baseline), size: title.size, titleColour,
          weight: .bold)
      }
    }
    canvas.text(details, at: detailsOrigin, size: Self.detailsSize, detailsColour)
  }
}
