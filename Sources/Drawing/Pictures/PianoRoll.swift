/// The rows and tap marks of a piano roll, drawn into any rectangle on any time mapping: the
/// whole of a score picture's plot, or one lane of a golden picture.
///
/// Rows, top to bottom: the keys no `DrawnKey` gives a pitch for, grey, in the order taps first
/// use them; then the pitched keys from the highest pitch down (equal pitches in the given
/// order). Each row is tinted with its key's colour; the marks are the only shapes drawn in
/// the keys' own colours.
struct PianoRoll {
  struct Row: Equatable {
    var title: String
    /// The key's colour, or grey for a key without a pitch.
    var colour: Colour
    var isSharp: Bool
  }

  /// Top to bottom.
  var rows: [Row]
  var taps: [ScorePicture.Tap]
  /// The row of each tap, by index in `taps`.
  var rowOfTap: [Int]

  /// The colour of keys without a pitch.
  static let unpitched = Colour(hex: 0x98A2B3)
  /// Bar lines, faint: the waveforms' zero line's grey.
  static let barLine = Palette.zeroLine

  init(keys: [DrawnKey], taps: [ScorePicture.Tap]) {
    var seen = Set<String>()
    let pitched = keys.enumerated()
      .filter { seen.insert($0.element.title).inserted }
      .sorted { ($0.element.midiNote, $1.offset) > ($1.element.midiNote, $0.offset) }
      .map { Row(title: $0.element.title, colour: $0.element.colour, isSharp: $0.element.isSharp) }
    var others: [Row] = []
    for tap in taps where seen.insert(tap.key).inserted {
      others.append(Row(title: tap.key, colour: Self.unpitched, isSharp: false))
    }
    rows = others + pitched
    var index: [String: Int] = [:]
    for (number, row) in rows.enumerated() { index[row.title] = number }
    self.taps = taps
    rowOfTap = taps.map { index[$0.key] ?? 0 }
  }

  /// Row `index` of `rows.count` equal rows filling `rect`, edges on whole pixels.
  func rowRect(_ index: Int, in rect: Rect) -> Rect {
    let height = rect.height / Double(max(rows.count, 1))
    let top = (rect.y + Double(index) * height).rounded()
    let bottom = (rect.y + Double(index + 1) * height).rounded()
    return Rect(x: rect.x, y: top, width: rect.width, height: bottom - top)
  }

  /// The mark of a tap of `gain` whose left edge is at `x`, centred in `row`.
  ///
  /// The mark's area grows in proportion to the gain: gain 1 is a square as tall as the row
  /// (less a margin of a tenth of it, at least 1 pixel, above and below); a softer tap is a
  /// smaller square, side × √gain; a louder one stays full height and widens, width ×
  /// gain, up to 4 times at gain 4. Every side is at least 2 pixels, so a silent tap shows.
  static func markRect(gain: Double, x: Double, row: Rect) -> Rect {
    let margin = max(1, (row.height * 0.1).rounded())
    let full = max(row.height - 2 * margin, 2)
    let gain = gain.isFinite ? max(gain, 0) : 1
    let side = max(full * min(gain, 1).squareRoot(), 2)
    let width = gain > 1 ? full * min(gain, 4) : side
    return Rect(x: x, y: row.midY - side / 2, width: width, height: side)
  }

  /// The mark of tap `index` in the roll drawn in `rect`, its left edge at `x`.
  func markRect(ofTap index: Int, x: Double, in rect: Rect) -> Rect {
    Self.markRect(gain: taps[index].gain, x: x, row: rowRect(rowOfTap[index], in: rect))
  }

  /// Draws the tinted rows in `rect`, vertical lines at `lineXs`, then one rounded mark a tap,
  /// left edge at `x(tap.seconds)`. `beforeMarks` draws over the rows, under the marks.
  func draw(
    on canvas: Canvas, in rect: Rect, x: (Double) -> Double, lineXs: [Double],
    lineColour: Colour = barLine, beforeMarks: () -> Void = {}
  ) {
    canvas.fill(rect, Palette.panel)
    for (index, row) in rows.enumerated() {
      let tint = row.isSharp ? 0.14 : 0.08
      canvas.fill(rowRect(index, in: rect), Palette.panel.mixed(with: row.colour, by: tint))
    }
    for lineX in lineXs {
      let snapped = lineX.rounded(.down) + 0.5
      canvas.line(
        from: Point(x: snapped, y: rect.y), to: Point(x: snapped, y: rect.maxY), lineColour)
    }
    beforeMarks()
    for (index, tap) in taps.enumerated() {
      let mark = markRect(ofTap: index, x: x(tap.seconds), in: rect)
      let colour = rows[rowOfTap[index]].colour
      canvas.fill(mark, colour, cornerRadius: min(mark.width, mark.height) * 0.25)
    }
    canvas.polyline(corners(of: rect.inset(by: 0.5)), Palette.panelEdge)
  }

  /// Writes each row's title right-aligned at `right` on the picture's background, in its key's
  /// colour darkened (`KeyboardLook.titleColour`), where rows are at least 9 pixels tall.
  func drawTitles(on canvas: Canvas, in rect: Rect, right: Double) {
    for (index, row) in rows.enumerated() {
      let rowRect = rowRect(index, in: rect)
      guard rowRect.height >= 9 else { return }
      let size = min(13, rowRect.height * 0.7)
      canvas.text(
        row.title, at: Point(x: right, y: rowRect.midY + size * 0.36), size: size,
        KeyboardLook.titleColour(ofKey: row.colour, on: Palette.background, ink: Palette.text),
        weight: .bold, alignment: .right)
    }
  }
}
