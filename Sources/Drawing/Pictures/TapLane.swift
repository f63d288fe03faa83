/// The golden picture's lane of the score's taps: a piano roll on the waveforms' time axis, with
/// the same grid and first-difference marker, its name and counts in the gutter on the left.
struct TapLane {
  var score: ScorePicture

  func draw(
    on canvas: Canvas, in rect: Rect, x: (Double) -> Double, gridXs: [Double], markerX: Double?
  ) {
    let roll = PianoRoll(keys: score.keys, taps: score.taps)
    roll.draw(on: canvas, in: rect, x: x, lineXs: gridXs, lineColour: Palette.grid) {
      if let markerX {
        canvas.line(
          from: Point(x: markerX, y: rect.y), to: Point(x: markerX, y: rect.maxY), Palette.marker,
          lineWidth: 2)
      }
    }
    roll.drawTitles(on: canvas, in: rect, right: rect.x - 6)
    canvas.text("score", at: Point(x: 16, y: rect.y + 20), size: 14, Palette.text, weight: .bold)
    let taps = score.taps.count == 1 ? "1 tap" : "\(score.taps.count) taps"
    let keys = roll.rows.count == 1 ? "1 key" : "\(roll.rows.count) keys"
    for (index, line) in [taps, keys].enumerated() {
      canvas.text(
        line, at: Point(x: 16, y: rect.y + 40 + 16 * Double(index)), size: 11.5,
        Palette.secondaryText)
    }
  }
}
