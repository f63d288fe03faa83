import CCairo

/// The colour of each bar's label, chosen once from the background a video is drawn over.
extension InstrumentFrames {
  /// A label's colours at rest and dimmed.
  struct LabelColours: Equatable {
    var resting: Colour
    var dimmed: Colour
  }

  /// Where a label is drawn in `bar`: its baseline's centre, for a label of `size` pixels.
  static func labelBaseline(in bar: Rect, size: Double) -> Point {
    Point(x: bar.x + bar.width / 2, y: bar.midY + 0.36 * size)
  }

  /// Each key's label colours (`KeyboardLook.labelColour(onBarShowing:)`), judged against its
  /// bar as displayed over every pixel of `background` under the label.
  static func labelColours(
    keys: [DrawnKey], layout: InstrumentLayout, background: Canvas, measuring canvas: Canvas
  ) -> [LabelColours] {
    cairo_surface_flush(background.surface)
    let stride = Int(cairo_image_surface_get_stride(background.surface))
    guard let data = cairo_image_surface_get_data(background.surface) else { return [] }
    let pixels = UnsafeRawPointer(data)
    return keys.enumerated().map { index, key in
      let (bar, size) = (layout.bars[index], layout.labelSizes[index])
      let baseline = labelBaseline(in: bar, size: size)
      let halfWidth = canvas.textWidth(key.title, size: size, weight: .bold) / 2
      // The label's box: its advance across, its capital letters' height (0.73 em) up.
      let columns = pixelRange(baseline.x - halfWidth, baseline.x + halfWidth, background.width)
      let rows = pixelRange(baseline.y - 0.73 * size, baseline.y, background.height)
      // Each colour once (a gradient's row is one colour), in a fixed order.
      var under = Set<UInt32>()
      for y in rows {
        for x in columns {
          // Premultiplied: over black where a background picture is transparent, as shown.
          under.insert(pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xFF_FFFF)
        }
      }
      if under.isEmpty { under = [KeyboardLook.backgroundGradient.bottom] }
      let colours = under.sorted().map { Colour(hex: $0) }
      func label(_ alpha: Double) -> Colour {
        KeyboardLook.labelColour(on: colours.map { key.colour.composited(alpha: alpha, over: $0) })
      }
      return LabelColours(
        resting: label(KeyboardLook.restingAlpha), dimmed: label(KeyboardLook.dimmedAlpha))
    }
  }

  /// The whole pixels from `start` to `end`, within `0..<limit`.
  private static func pixelRange(_ start: Double, _ end: Double, _ limit: Int) -> Range<Int> {
    let low = min(max(Int(start.rounded(.down)), 0), limit)
    return low..<min(max(Int(end.rounded(.up)), low), limit)
  }
}
