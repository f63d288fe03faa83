/// The difference's level in each band over time: time across, bands up (lowest at the
/// bottom), colour from `LevelRamp`; with band labels on the left and a colour bar on the right.
struct SpectrogramPanel {
  /// Windows × bands, in dB.
  var levels: [[Double]]
  /// The centre of each band in Hz, lowest first.
  var centers: [Double]
  var windowSeconds: Double

  func draw(on canvas: Canvas, in rect: Rect, colourBar: Rect, duration: Double) {
    canvas.fill(rect, LevelRamp.colour(decibels: LevelRamp.floor))
    let bandHeight = rect.height / Double(centers.count)
    for (band, row) in columnLevels(columns: Int(rect.width), duration: duration).enumerated() {
      let top = (rect.maxY - Double(band + 1) * bandHeight).rounded()
      let bottom = (rect.maxY - Double(band) * bandHeight).rounded()
      var start = 0
      while start < row.count {
        var end = start + 1
        while end < row.count && row[end] == row[start] { end += 1 }
        if row[start] > LevelRamp.floor {
          canvas.fill(
            Rect(
              x: rect.x + Double(start), y: top, width: Double(end - start), height: bottom - top),
            LevelRamp.colour(decibels: row[start]))
        }
        start = end
      }
    }
    canvas.polyline(corners(of: rect.inset(by: 0.5)), Palette.panelEdge)
    drawBandLabels(on: canvas, beside: rect, bandHeight: bandHeight)
    drawColourBar(on: canvas, in: colourBar)
    canvas.text(
      "difference", at: Point(x: 16, y: rect.y + 20), size: 14, Palette.text, weight: .bold)
    let window =
      windowSeconds < 1
      ? NumberText.fixed(windowSeconds * 1000, decimals: windowSeconds < 0.01 ? 1 : 0) + " ms"
      : NumberText.seconds(windowSeconds, decimals: windowSeconds < 10 ? 1 : 0)
    for (index, line) in ["by band", "\(window) windows"].enumerated() {
      canvas.text(
        line, at: Point(x: 16, y: rect.y + 40 + 16 * Double(index)), size: 11.5,
        Palette.secondaryText)
    }
  }

  /// The loudest level of each band in each pixel column: bands × columns, -infinity where no
  /// window covers a column.
  func columnLevels(columns: Int, duration: Double) -> [[Double]] {
    var rows = Array(
      repeating: Array(repeating: -Double.infinity, count: columns), count: centers.count)
    for column in 0..<columns {
      let start = Double(column) / Double(columns) * duration / windowSeconds
      let end = Double(column + 1) / Double(columns) * duration / windowSeconds
      let first = Int(start.rounded(.down))
      let last = max(first, Int(end.rounded(.up)) - 1)
      guard first < levels.count else { break }
      for window in first...min(last, levels.count - 1) {
        for (band, level) in levels[window].prefix(centers.count).enumerated()
        where level > rows[band][column] {
          rows[band][column] = level
        }
      }
    }
    return rows
  }

  private func drawBandLabels(on canvas: Canvas, beside rect: Rect, bandHeight: Double) {
    let stride = max(1, Int((15 / bandHeight).rounded(.up)))
    for band in Swift.stride(from: 0, to: centers.count, by: stride) {
      let y = rect.maxY - (Double(band) + 0.5) * bandHeight
      canvas.text(
        NumberText.hertz(centers[band]), at: Point(x: rect.x - 6, y: y + 4), size: 10,
        Palette.secondaryText, alignment: .right)
    }
  }

  private func drawColourBar(on canvas: Canvas, in bar: Rect) {
    let rows = Int(bar.height)
    let span = LevelRamp.ceiling - LevelRamp.floor
    for row in 0..<max(rows, 0) {
      let decibels = LevelRamp.ceiling - (Double(row) + 0.5) / Double(rows) * span
      canvas.fill(
        Rect(x: bar.x, y: bar.y + Double(row), width: bar.width, height: 1),
        LevelRamp.colour(decibels: decibels))
    }
    canvas.polyline(corners(of: bar.inset(by: 0.5)), Palette.panelEdge)
    for decibels in Swift.stride(from: LevelRamp.ceiling, through: LevelRamp.floor, by: -30) {
      let y = bar.y + (LevelRamp.ceiling - decibels) / span * bar.height
      canvas.line(
        from: Point(x: bar.maxX, y: y), to: Point(x: bar.maxX + 3, y: y), Palette.secondaryText)
      let label = NumberText.fixed(decibels, decimals: 0) + (decibels == 0 ? " dB" : "")
      canvas.text(
        label, at: Point(x: bar.maxX + 6, y: y + 4), size: 10.5, Palette.secondaryText)
    }
  }
}
