/// One waveform lane: a signal's low–high envelope per pixel column over a zero line, its name
/// and scale in the gutter on the left, and a shaded stretch where the signal has ended.
struct WaveformLane {
  var name: String
  /// Smaller lines under the name: the lane's scale.
  var details: [String]
  var colour: Colour
  /// One range a pixel column, as `Envelope` makes them for the lane's width.
  var envelope: [ClosedRange<Double>?]
  /// The value at the lane's top edge (its negative at the bottom edge); positive.
  var scale: Double
  /// The x where the signal ends, when it ends before the picture does.
  var endX: Double?
  /// Text in the shaded stretch after the end.
  var endNote: String = ""

  /// Draws the lane in `rect`, over vertical grid lines at `gridXs` and the first-difference
  /// marker at `markerX`.
  func draw(on canvas: Canvas, in rect: Rect, gridXs: [Double], markerX: Double?) {
    canvas.fill(rect, Palette.panel)
    for x in gridXs {
      let snapped = x.rounded(.down) + 0.5
      canvas.line(
        from: Point(x: snapped, y: rect.y), to: Point(x: snapped, y: rect.maxY), Palette.grid)
    }
    if let endX, endX < rect.maxX {
      let stretch = Rect(x: endX, y: rect.y, width: rect.maxX - endX, height: rect.height)
      canvas.fill(stretch, Palette.missing)
      if canvas.textWidth(endNote, size: 11.5) + 16 < stretch.width {
        canvas.text(
          endNote, at: Point(x: stretch.x + stretch.width / 2, y: stretch.midY + 4), size: 11.5,
          Palette.secondaryText, alignment: .center)
      }
    }
    let zero = rect.midY.rounded(.down) + 0.5
    canvas.line(from: Point(x: rect.x, y: zero), to: Point(x: rect.maxX, y: zero), Palette.zeroLine)
    if let markerX {
      canvas.line(
        from: Point(x: markerX, y: rect.y), to: Point(x: markerX, y: rect.maxY), Palette.marker,
        lineWidth: 2)
    }
    drawEnvelope(on: canvas, in: rect)
    canvas.fill(Rect(x: rect.x, y: rect.y, width: 4, height: rect.height), colour)
    canvas.polyline(corners(of: rect.inset(by: 0.5)), Palette.panelEdge)
    drawLabels(on: canvas, beside: rect)
  }

  private func drawEnvelope(on canvas: Canvas, in rect: Rect) {
    let half = rect.height / 2 - 5
    let y = { (value: Double) in
      rect.midY - max(-1, min(1, value / scale)) * half
    }
    var upper: [Point] = []
    var lower: [Point] = []
    func flush() {
      guard !upper.isEmpty else { return }
      canvas.polygon(upper + lower.reversed(), colour.opacity(0.75), outline: colour)
      upper = []
      lower = []
    }
    for (column, range) in envelope.enumerated() {
      guard let range else {
        flush()
        continue
      }
      let x = rect.x + Double(column) + 0.5
      upper.append(Point(x: x, y: y(range.upperBound)))
      lower.append(Point(x: x, y: y(range.lowerBound)))
    }
    flush()
  }

  private func drawLabels(on canvas: Canvas, beside rect: Rect) {
    canvas.text(name, at: Point(x: 16, y: rect.y + 20), size: 14, Palette.text, weight: .bold)
    for (index, line) in details.enumerated() {
      canvas.text(
        line, at: Point(x: 16, y: rect.y + 40 + 16 * Double(index)), size: 11.5,
        Palette.secondaryText)
    }
  }
}

/// The closed outline of a rectangle, for stroking.
func corners(of rect: Rect) -> [Point] {
  [
    Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y),
    Point(x: rect.maxX, y: rect.maxY), Point(x: rect.x, y: rect.maxY), Point(x: rect.x, y: rect.y),
  ]
}
