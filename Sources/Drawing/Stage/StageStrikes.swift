import AudioBasics
import CCairo

/// A struck bar on the stage, while it is dimmed: its glow, a flash on the hit line where its
/// note landed and a few sparks thrown back up the runway from there, and a ripple running
/// along the bar from its end that faces the runway. Each starts at its strongest on the
/// picture holding the tap and fades out smoothly by the dim's end.
struct StageStrikes {
  private let glow: StageGlow
  private let lanes: StageLanes
  private let bars: [Rect]
  private let colours: [Colour]
  /// How strongly each bar lights up: less for a bright colour (yellow, orange), whose light
  /// would otherwise wash out its title and turn its hue.
  private let strengths: [Double]

  /// The glow's strength on the picture of the tap, for a dark key's colour.
  static let peak = 0.6
  /// Sparks a tap throws.
  static let sparkCount = 9

  init(bars: [Rect], colours: [Colour], lanes: StageLanes) {
    self.bars = bars
    self.colours = colours
    self.lanes = lanes
    glow = StageGlow(bars: bars, colours: colours)
    strengths = colours.map { colour in
      let luma = 0.2126 * colour.red + 0.7152 * colour.green + 0.0722 * colour.blue
      return max(0.5, min(1, 1.2 - 0.8 * luma))
    }
  }

  /// The light of every tap of `moment` whose bar is still dimmed.
  func draw(_ moment: InstrumentMoment, on canvas: Canvas) {
    let context = canvas.context
    // A dimmed bar is lit back to its resting strength: on the stage a tap brightens its bar,
    // and the end of the dim shows no jump.
    let undim = KeyboardLook.restingAlpha - KeyboardLook.dimmedAlpha
    cairo_save(context)
    cairo_set_operator(context, CAIRO_OPERATOR_ADD)
    for (bar, rect) in bars.enumerated() where moment.dimmed[bar] {
      let colour = colours[bar]
      stageRoundedRectangle(rect, radius: 0.12 * min(rect.width, rect.height), on: context)
      cairo_set_source_rgba(context, colour.red, colour.green, colour.blue, undim)
      cairo_fill(context)
    }
    cairo_restore(context)
    for strike in moment.strikes {
      guard let progress = StageTiming.glowProgress(of: strike, in: moment) else { continue }
      let fade = StageTiming.fade(progress) * strengths[strike.bar]
      glow.add(bar: strike.bar, strength: Self.peak * fade, on: context)
      cairo_save(context)
      cairo_set_operator(context, CAIRO_OPERATOR_ADD)
      drawRipple(
        of: strike.bar, progress: progress, strength: strengths[strike.bar], on: context)
      drawCore(of: strike.bar, strength: fade, on: context)
      drawSparks(of: strike, progress: progress, on: context)
      cairo_restore(context)
    }
  }

  /// Light where the note landed, stretched along the hit line.
  private func drawCore(of bar: Int, strength: Double, on context: OpaquePointer) {
    let lane = lanes.lanes[bar]
    let radius = min(0.8 * lane.thickness, 2 * lane.noteSize)
    let light = colours[bar].mixed(with: Colour(hex: 0xFFFFFF), by: 0.3)
    let upright = lane.edge == .left || lane.edge == .right
    cairo_save(context)
    cairo_translate(context, lane.target.x, lane.target.y)
    cairo_scale(context, upright ? 1 : 1.8, upright ? 1.8 : 1)
    if let core = cairo_pattern_create_radial(0, 0, 0, 0, 0, radius) {
      for (offset, alpha) in [(0.0, 0.4), (0.35, 0.15), (1.0, 0.0)] {
        cairo_pattern_add_color_stop_rgba(
          core, offset, light.red, light.green, light.blue, alpha * strength)
      }
      cairo_set_source(context, core)
      cairo_rectangle(context, -radius, -radius, 2 * radius, 2 * radius)
      cairo_fill(context)
      cairo_pattern_destroy(core)
    }
    cairo_restore(context)
  }

  /// A bright ring spreading from the bar's end that faces the runway, seen within the bar:
  /// a front running to its other end, fast at first and settling.
  private func drawRipple(
    of bar: Int, progress: Double, strength: Double, on context: OpaquePointer
  ) {
    let lane = lanes.lanes[bar]
    let rect = bars[bar]
    let origin = lanes.runway.farEnd(of: rect)
    let reach = max(rect.width, rect.height)
    let front = reach * (0.05 + 0.95 * StageTiming.easeOut(progress))
    let band = min(0.45 * lane.thickness, 1.2 * lane.noteSize)
    let outer = front + band
    guard
      let ring = cairo_pattern_create_radial(origin.x, origin.y, 0, origin.x, origin.y, outer)
    else { return }
    let light = colours[bar].mixed(with: Colour(hex: 0xFFFFFF), by: 0.5)
    let alpha = 0.45 * strength * StageTiming.fade(progress)
    for (offset, strength) in [(max(0, front - band) / outer, 0.0), (front / outer, 1.0), (1, 0)] {
      cairo_pattern_add_color_stop_rgba(
        ring, offset, light.red, light.green, light.blue, alpha * strength)
    }
    // Only the ring, within the bar, is filled: the gradient is worked out for few pixels.
    cairo_save(context)
    stageRoundedRectangle(rect, radius: 0.12 * lane.thickness, on: context)
    cairo_clip(context)
    cairo_new_path(context)
    cairo_arc(context, origin.x, origin.y, outer, 0, 2 * Double.pi)
    if front > band {
      cairo_new_sub_path(context)
      cairo_arc(context, origin.x, origin.y, front - band, 0, 2 * Double.pi)
    }
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_set_source(context, ring)
    cairo_fill(context)
    cairo_pattern_destroy(ring)
    cairo_restore(context)
  }

  /// Small sparks flying back up the runway from where the note landed, each on its own
  /// course: the same courses for the same tap (seeded by its picture and bar), whatever else
  /// is drawn.
  private func drawSparks(
    of strike: InstrumentMoment.Strike, progress: Double, on context: OpaquePointer
  ) {
    let lane = lanes.lanes[strike.bar]
    let light = colours[strike.bar].mixed(with: Colour(hex: 0xFFFFFF), by: 0.7)
    let seed = UInt64(bitPattern: strike.picture) &* 0x100 &+ UInt64(strike.bar)
    let travel = StageTiming.easeOut(progress)
    let alpha = 0.9 * StageTiming.fade(progress)
    // The turn the runway lies at from the hit line (0 to the right, a quarter down).
    let runwayTurns: Double
    switch lane.edge {
    case .right: runwayTurns = 0
    case .bottom: runwayTurns = 0.25
    case .left: runwayTurns = 0.5
    case .top: runwayTurns = 0.75
    }
    for spark in 0..<Self.sparkCount {
      var random = SplitMix64(seed: SplitMix64.value(seed: seed, counter: UInt64(spark)))
      // An angle in turns within a quarter turn of the runway's, and a distance of 1.2 to 3.6
      // notes.
      let turns = runwayTurns - 0.25 + random.nextUnit() / 2
      let distance = lane.noteSize * (2.4 + 1.2 * random.nextUnit()) * travel
      let x = lane.target.x + distance * ExactMath.cos(2 * Double.pi * turns)
      let y = lane.target.y + distance * ExactMath.sin(2 * Double.pi * turns)
      let size = lane.noteSize * (0.07 + 0.03 * random.nextUnit()) * (1 - 0.5 * progress)
      cairo_new_path(context)
      cairo_arc(context, x, y, size, 0, 2 * Double.pi)
      cairo_set_source_rgba(context, light.red, light.green, light.blue, alpha)
      cairo_fill(context)
    }
  }
}
