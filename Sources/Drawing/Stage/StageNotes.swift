import CCairo

/// The stage's notes to come: each tap within the look-ahead is a gem in its key's colour,
/// sized by its bar, travelling down its lane with a short tail, brighter and larger as it
/// nears; it reaches the hit line on the picture holding its tap, and is gone after it. Notes
/// are seen only on the runway: they never pass over the instrument or its labels.
struct StageNotes {
  private let lanes: StageLanes
  private let colours: [Colour]
  private let lookAheadSeconds: Double
  /// The runway's rectangle: the only place notes are seen.
  private let runway: Rect

  /// How long a note's tail is, in seconds of its travel.
  static let tailSeconds = 0.3
  /// How long before its tap a note starts to sink into its bar.
  static let landingSeconds = 0.1

  init(lanes: StageLanes, colours: [Colour], lookAheadSeconds: Int, width: Int, height: Int) {
    self.lanes = lanes
    self.colours = colours
    self.lookAheadSeconds = Double(max(1, lookAheadSeconds))
    runway = lanes.runway.area(width: width, height: height)
  }

  /// The notes of the taps still to come in `moment` (and those in its own picture), the
  /// latest first so that the nearest is on top.
  func draw(_ moment: InstrumentMoment, on canvas: Canvas) {
    let context = canvas.context
    cairo_save(context)
    cairo_rectangle(context, runway.x, runway.y, runway.width, runway.height)
    cairo_clip(context)
    defer { cairo_restore(context) }
    for strike in moment.strikes.reversed() where strike.picture >= moment.picture {
      let lane = lanes.lanes[strike.bar]
      let centre = lanes.notePosition(strike, in: moment)
      let tail = lanes.speed * Self.tailSeconds
      let reach = 1.1 * lane.noteSize + tail
      guard centre.x > runway.x - reach, centre.x < runway.maxX + reach,
        centre.y > runway.y - reach, centre.y < runway.maxY + reach
      else { continue }
      let nearness = max(0, min(1, 1 + moment.secondsSince(strike) / lookAheadSeconds))
      // A note grows a little as it nears, as if coming closer.
      let radius = lane.noteSize / 2 * (0.85 + 0.15 * nearness)
      // In its last tenth of a second the gem fades as it sinks into the hit line.
      let landing = min(1, -moment.secondsSince(strike) / Self.landingSeconds)
      let opacity = 0.3 + 0.7 * landing * landing * (3 - 2 * landing)
      cairo_save(context)
      cairo_translate(context, centre.x, centre.y)
      drawNote(
        radius: radius, tail: tail, direction: lane.edge.direction, colour: colours[strike.bar],
        nearness: nearness, opacity: opacity, on: context)
      cairo_restore(context)
    }
  }

  /// One note at the origin: its tail toward `direction`, a halo, the gem and its rim.
  private func drawNote(
    radius: Double, tail: Double, direction: Point, colour: Colour, nearness: Double,
    opacity: Double, on context: OpaquePointer
  ) {
    let light = colour.mixed(with: Colour(hex: 0xFFFFFF), by: 0.45)
    // The tail: a streak narrowing up the lane behind the gem, added to what is below.
    let across = Point(x: -direction.y, y: direction.x)
    let length = radius + tail
    let end = Point(x: direction.x * length, y: direction.y * length)
    if let fading = cairo_pattern_create_linear(0, 0, end.x, end.y) {
      for (offset, alpha) in [(0.0, 0.5), (0.4, 0.22), (1.0, 0.0)] {
        cairo_pattern_add_color_stop_rgba(
          fading, offset, light.red, light.green, light.blue, alpha * (0.6 + 0.4 * nearness))
      }
      let (wide, narrow) = (0.55 * radius, 0.12 * radius)
      cairo_new_path(context)
      cairo_move_to(context, across.x * wide, across.y * wide)
      cairo_line_to(context, end.x + across.x * narrow, end.y + across.y * narrow)
      cairo_line_to(context, end.x - across.x * narrow, end.y - across.y * narrow)
      cairo_line_to(context, -across.x * wide, -across.y * wide)
      cairo_close_path(context)
      cairo_set_operator(context, CAIRO_OPERATOR_ADD)
      cairo_set_source(context, fading)
      cairo_fill(context)
      cairo_set_operator(context, CAIRO_OPERATOR_OVER)
      cairo_pattern_destroy(fading)
    }
    // The halo, added to what is below: stronger as the tap nears.
    let haloRadius = 2.2 * radius
    if let halo = cairo_pattern_create_radial(0, 0, 0, 0, 0, haloRadius) {
      for (offset, alpha) in [(0.0, 0.6), (0.45, 0.2), (1.0, 0.0)] {
        cairo_pattern_add_color_stop_rgba(
          halo, offset, light.red, light.green, light.blue, alpha * (0.5 + 0.5 * nearness))
      }
      cairo_set_operator(context, CAIRO_OPERATOR_ADD)
      cairo_set_source(context, halo)
      cairo_rectangle(context, -haloRadius, -haloRadius, 2 * haloRadius, 2 * haloRadius)
      cairo_fill(context)
      cairo_set_operator(context, CAIRO_OPERATOR_OVER)
      cairo_pattern_destroy(halo)
    }
    // The gem: lit from the upper left, its key's colour (a little lighter) at the edge.
    let bright = colour.mixed(with: Colour(hex: 0xFFFFFF), by: 0.8)
    let edge = colour.mixed(with: Colour(hex: 0xFFFFFF), by: 0.15)
    if let gem = cairo_pattern_create_radial(
      -0.35 * radius, -0.35 * radius, 0, 0, 0, radius)
    {
      cairo_pattern_add_color_stop_rgba(gem, 0, bright.red, bright.green, bright.blue, opacity)
      cairo_pattern_add_color_stop_rgba(gem, 1, edge.red, edge.green, edge.blue, opacity)
      cairo_new_path(context)
      cairo_arc(context, 0, 0, radius, 0, 2 * Double.pi)
      cairo_set_source(context, gem)
      cairo_fill_preserve(context)
      cairo_pattern_destroy(gem)
      cairo_set_source_rgba(context, 1, 1, 1, 0.7 * opacity)
      cairo_set_line_width(context, max(1, 0.12 * radius))
      cairo_stroke(context)
    }
  }
}
