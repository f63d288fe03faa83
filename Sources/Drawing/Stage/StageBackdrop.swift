import CCairo

/// What never moves on the stage, drawn once into the background picture: a vignette that
/// darkens the edges like a spotlight on the bars, a faint rail along each lane and the hit
/// line across them.
enum StageBackdrop {
  /// Darkens the edges of `canvas` softly, a spotlight on the bars: an ellipse of the frame's
  /// shape, clear in the middle, 60% black in the corners.
  static func drawVignette(on canvas: Canvas) {
    let context = canvas.context
    cairo_save(context)
    cairo_translate(context, Double(canvas.width) / 2, Double(canvas.height) / 2)
    cairo_scale(context, Double(canvas.width) / 2, Double(canvas.height) / 2)
    guard let shade = cairo_pattern_create_radial(0, 0, 0, 0, 0, 2.squareRoot()) else {
      cairo_restore(context)
      return
    }
    for (offset, alpha) in [(0.0, 0.0), (0.32, 0.0), (0.55, 0.18), (0.75, 0.42), (1.0, 0.6)] {
      cairo_pattern_add_color_stop_rgba(shade, offset, 0, 0, 0, alpha)
    }
    cairo_set_source(context, shade)
    cairo_paint(context)
    cairo_pattern_destroy(shade)
    cairo_restore(context)
  }

  /// A faint rail along each lane, from the hit line to the runway's start, fading as it
  /// goes, and the hit line across the lanes, a little brighter.
  static func drawRails(_ lanes: StageLanes, colours: [Colour], on canvas: Canvas) {
    let context = canvas.context
    let runway = lanes.runway
    for (index, lane) in lanes.lanes.enumerated() {
      let start = lane.target
      let end: Point
      switch lane.edge {
      case .left, .right: end = Point(x: runway.start, y: start.y)
      case .top, .bottom: end = Point(x: start.x, y: runway.start)
      }
      guard let fading = cairo_pattern_create_linear(start.x, start.y, end.x, end.y) else {
        continue
      }
      let colour = colours[index]
      cairo_pattern_add_color_stop_rgba(fading, 0, colour.red, colour.green, colour.blue, 0.35)
      cairo_pattern_add_color_stop_rgba(fading, 1, colour.red, colour.green, colour.blue, 0.04)
      cairo_new_path(context)
      cairo_move_to(context, start.x, start.y)
      cairo_line_to(context, end.x, end.y)
      cairo_set_source(context, fading)
      cairo_set_line_width(context, max(1, 0.08 * lane.noteSize))
      cairo_stroke(context)
      cairo_pattern_destroy(fading)
    }
    let thickest = lanes.lanes.map(\.noteSize).max() ?? 0
    let (low, high) = (runway.span.lowerBound, runway.span.upperBound)
    let line = runway.hitLine
    let ends: (Point, Point)
    switch runway.edge {
    case .left, .right: ends = (Point(x: line, y: low), Point(x: line, y: high))
    case .top, .bottom: ends = (Point(x: low, y: line), Point(x: high, y: line))
    }
    // Fading in and out at its ends.
    guard let fading = cairo_pattern_create_linear(ends.0.x, ends.0.y, ends.1.x, ends.1.y) else {
      return
    }
    for (offset, alpha) in [(0.0, 0.0), (0.08, 0.3), (0.92, 0.3), (1.0, 0.0)] {
      cairo_pattern_add_color_stop_rgba(fading, offset, 1, 1, 1, alpha)
    }
    cairo_new_path(context)
    cairo_move_to(context, ends.0.x, ends.0.y)
    cairo_line_to(context, ends.1.x, ends.1.y)
    cairo_set_source(context, fading)
    cairo_set_line_width(context, max(1, 0.1 * thickest))
    cairo_stroke(context)
    cairo_pattern_destroy(fading)
  }
}
