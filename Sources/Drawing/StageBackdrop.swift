import CCairo

/// What never moves on the stage, drawn once into the background picture: a vignette that
/// darkens the edges like a spotlight on the bars, and a faint rail along each lane.
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

  /// A faint rail along each lane, from its bar to the frame's edge, fading as it goes.
  static func drawRails(_ lanes: StageLanes, bars: [Rect], colours: [Colour], on canvas: Canvas) {
    let context = canvas.context
    let (width, height) = (Double(canvas.width), Double(canvas.height))
    for (index, lane) in lanes.lanes.enumerated() {
      let bar = bars[index]
      let start: Point
      let end: Point
      switch lane.edge {
      case .right:
        (start, end) = (Point(x: bar.maxX, y: lane.target.y), Point(x: width, y: lane.target.y))
      case .left: (start, end) = (Point(x: bar.x, y: lane.target.y), Point(x: 0, y: lane.target.y))
      case .top: (start, end) = (Point(x: lane.target.x, y: bar.y), Point(x: lane.target.x, y: 0))
      case .bottom:
        (start, end) = (Point(x: lane.target.x, y: bar.maxY), Point(x: lane.target.x, y: height))
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
  }
}
