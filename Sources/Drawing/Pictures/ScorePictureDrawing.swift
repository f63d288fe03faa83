/// Where each part of a score picture goes, in pixels: the title line, the key titles in a
/// gutter on the left, the roll, and the time axis under it.
struct ScorePictureLayout {
  /// Pixels above the roll (the title line) and below it (the time axis).
  static let top = 54.0
  static let bottom = 40.0

  /// The baseline of the heading's first line (`PictureHeading`).
  static let titleBaseline = 34.0
  /// The roll's panel.
  var roll: Rect
  /// The x of time 0 and of the axis's end: the end leaves a row's height free on the right,
  /// so the last tap's mark stays inside the panel.
  var timeLeft: Double
  var timeRight: Double
  var axisSeconds: Double

  /// The layout of a picture `width` × `height` whose heading is `headingDrop` pixels taller
  /// than one line (the roll moves down as much).
  init(
    width: Int, height: Int, gutter: Double, rowCount: Int, axisSeconds: Double,
    headingDrop: Double = 0
  ) {
    let width = Double(width)
    let height = Double(height)
    let left = min(gutter, width * 0.3).rounded()
    let right = max(width - min(20, width * 0.03), left + 1).rounded()
    let top = Self.top + headingDrop
    let bottom = max(height - Self.bottom, top + 1)
    roll = Rect(x: left, y: top, width: right - left, height: bottom - top)
    let rowHeight = roll.height / Double(max(rowCount, 1))
    timeLeft = left + 1
    timeRight = max(right - min(rowHeight, roll.width * 0.1), timeLeft + 1)
    self.axisSeconds = axisSeconds
  }

  /// The x of a time in seconds.
  func x(seconds: Double) -> Double {
    timeLeft + (timeRight - timeLeft) * seconds / axisSeconds
  }
}

extension ScorePicture {
  /// The layout of this picture on `canvas`: a gutter as wide as the longest key title, the
  /// roll below the heading.
  func layout(on canvas: Canvas, roll: PianoRoll, heading: PictureHeading? = nil)
    -> ScorePictureLayout
  {
    let widest = roll.rows.map { canvas.textWidth($0.title, size: 13, weight: .bold) }.max() ?? 0
    let heading = heading ?? self.heading(on: canvas, keyCount: roll.rows.count)
    return ScorePictureLayout(
      width: canvas.width, height: canvas.height, gutter: max(56, widest + 28),
      rowCount: roll.rows.count, axisSeconds: axisSeconds, headingDrop: heading.drop)
  }

  /// `Twinkle   42 taps · 7 keys · 28.8 s`, fitted to the picture's width.
  func heading(on canvas: Canvas, keyCount: Int) -> PictureHeading {
    let length = duration.isFinite && duration > 0 ? duration : 0
    let details = [
      taps.count == 1 ? "1 tap" : "\(taps.count) taps",
      keyCount == 1 ? "1 key" : "\(keyCount) keys",
      NumberText.seconds(length, decimals: length < 10 ? 2 : 1),
    ].joined(separator: " · ")
    return PictureHeading(
      title: title?.isEmpty == false ? title : nil, details: details, width: canvas.width,
      baseline: ScorePictureLayout.titleBaseline, measuring: canvas)
  }

  /// Draws the background, the title line, the roll with its bar lines and marks, the key
  /// titles and the time axis.
  func draw(on canvas: Canvas) {
    let roll = PianoRoll(keys: keys, taps: taps)
    let heading = heading(on: canvas, keyCount: roll.rows.count)
    let layout = layout(on: canvas, roll: roll, heading: heading)
    canvas.fill(
      Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height)),
      Palette.background)
    heading.draw(on: canvas, titleColour: Palette.text, detailsColour: Palette.secondaryText)
    let lineXs = barTimes.filter { $0.isFinite && $0 >= 0 && $0 <= layout.axisSeconds }
      .map { layout.x(seconds: $0) }
    roll.draw(on: canvas, in: layout.roll, x: layout.x(seconds:), lineXs: lineXs)
    roll.drawTitles(on: canvas, in: layout.roll, right: layout.roll.x - 10)
    drawAxis(on: canvas, layout: layout)
  }

  /// Seconds ticks and labels under the roll, as the golden picture's axis.
  private func drawAxis(on canvas: Canvas, layout: ScorePictureLayout) {
    let axis = TimeAxis(
      seconds: layout.axisSeconds, pixels: layout.timeRight - layout.timeLeft, minimumSpacing: 70)
    let top = layout.roll.maxY
    for tick in axis.ticks {
      let x = layout.x(seconds: tick).rounded(.down) + 0.5
      canvas.line(from: Point(x: x, y: top), to: Point(x: x, y: top + 6), Palette.secondaryText)
      canvas.text(
        axis.label(tick), at: Point(x: x, y: top + 21), size: 11.5, Palette.secondaryText,
        alignment: .center)
    }
  }
}
