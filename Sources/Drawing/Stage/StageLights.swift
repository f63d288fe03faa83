import CCairo

/// The stage's moving background: pools of coloured light drifting slowly behind the bars, a
/// function of the picture's time alone. Light needs no detail: each pool is drawn once at a
/// quarter of the frame's size, and the pools of a moment are laid at their places in a small
/// layer that is scaled up smoothly over the background.
///
/// The light moves too slowly to change by a step of colour within a tenth of a second, so its
/// time is counted in tenths, and the lit background of the latest tenth is kept for the
/// pictures that share it: a memo of a pure function, which never changes a picture, only
/// spares working it out again.
final class StageLights {
  /// A pool of light: its colour, its size as a fraction of the frame's longer side, its
  /// strength, and the periods (seconds), phases (turns) and swings (fractions of the frame)
  /// of its drift across and down.
  private struct Pool {
    var colour: UInt32
    var size: Double
    var strength: Double
    var across: (period: Double, phase: Double, swing: Double)
    var down: (period: Double, phase: Double, swing: Double)
  }

  /// Slow, unrelated periods, so the pools never fall into step: indigo, violet and blue
  /// after the app's own keys, faint over the dark stage.
  private static let pools = [
    Pool(
      colour: 0x5C6BC0, size: 0.62, strength: 0.22, across: (29, 0.10, 0.26),
      down: (37, 0.30, 0.16)),
    Pool(
      colour: 0xAB47BC, size: 0.50, strength: 0.16, across: (41, 0.45, 0.30),
      down: (23, 0.05, 0.20)),
    Pool(
      colour: 0x42A5F5, size: 0.44, strength: 0.12, across: (53, 0.70, 0.28),
      down: (31, 0.80, 0.22)),
  ]

  /// The layer's size as a fraction of the frame's.
  private static let reduction = 4
  /// Steps of the light's time a second.
  static let stepsPerSecond: Int64 = 10

  /// Each pool drawn once, at the layer's scale, centred in its picture.
  private let sprites: [Canvas]
  private let layerWidth: Int
  private let layerHeight: Int
  /// The background with the light of step `litStep` over it.
  private let lit: Canvas
  private var litStep: Int64?

  init(width: Int, height: Int) {
    lit = Canvas(width: width, height: height)
    layerWidth = width / Self.reduction + 2
    layerHeight = height / Self.reduction + 2
    let longer = Double(max(layerWidth, layerHeight))
    sprites = Self.pools.map { pool in
      let radius = (pool.size * longer).rounded(.up)
      let sprite = Canvas(width: Int(2 * radius), height: Int(2 * radius))
      guard let light = cairo_pattern_create_radial(radius, radius, 0, radius, radius, radius)
      else { return sprite }
      let colour = Colour(hex: pool.colour)
      // A smooth fall to nothing: strength × (1 − r²)², sampled.
      for step in 0...8 {
        let offset = Double(step) / 8
        let falloff = (1 - offset * offset) * (1 - offset * offset)
        cairo_pattern_add_color_stop_rgba(
          light, offset, colour.red, colour.green, colour.blue, pool.strength * falloff)
      }
      cairo_set_source(sprite.context, light)
      cairo_paint(sprite.context)
      cairo_pattern_destroy(light)
      cairo_surface_flush(sprite.surface)
      return sprite
    }
  }

  /// Paints `background` with the light of `moment` over it on `canvas`, replacing what was
  /// there.
  func draw(_ moment: InstrumentMoment, over background: Canvas, on canvas: Canvas) {
    let step = Self.step(of: moment)
    if litStep != step {
      cairo_set_source_surface(lit.context, background.surface, 0, 0)
      cairo_set_operator(lit.context, CAIRO_OPERATOR_SOURCE)
      cairo_paint(lit.context)
      cairo_set_operator(lit.context, CAIRO_OPERATOR_OVER)
      drawPools(atSeconds: Double(step) / Double(Self.stepsPerSecond), on: lit)
      cairo_surface_flush(lit.surface)
      litStep = step
    }
    let context = canvas.context
    cairo_save(context)
    cairo_set_source_surface(context, lit.surface, 0, 0)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_restore(context)
  }

  /// The step of the light's time that `moment`'s picture starts in.
  static func step(of moment: InstrumentMoment) -> Int64 {
    let (scaled, rate) = (moment.picture * stepsPerSecond, Int64(moment.framesPerSecond))
    let step = scaled / rate
    return scaled % rate < 0 ? step - 1 : step
  }

  /// The pools as they are `seconds` into the video, laid over `canvas`.
  private func drawPools(atSeconds seconds: Double, on canvas: Canvas) {
    let layer = Canvas(width: layerWidth, height: layerHeight)
    let context = layer.context
    cairo_set_operator(context, CAIRO_OPERATOR_ADD)
    for (index, pool) in Self.pools.enumerated() {
      let across = StageTiming.wave(seconds, period: pool.across.period, phase: pool.across.phase)
      let down = StageTiming.wave(seconds, period: pool.down.period, phase: pool.down.phase)
      let breathing =
        0.85 + 0.15 * StageTiming.wave(seconds, period: 13, phase: 0.3 * Double(index))
      let sprite = sprites[index]
      // At whole pixels of the layer: a step of one (four of the frame's) moves light this
      // soft by less than a step of colour.
      let x = (Double(layerWidth) * (0.5 + pool.across.swing * across)).rounded()
      let y = (Double(layerHeight) * (0.5 + pool.down.swing * down)).rounded()
      cairo_set_source_surface(
        context, sprite.surface, x - Double(sprite.width / 2), y - Double(sprite.height / 2))
      cairo_paint_with_alpha(context, breathing)
    }
    cairo_surface_flush(layer.surface)
    let target = canvas.context
    cairo_save(target)
    cairo_scale(target, Double(Self.reduction), Double(Self.reduction))
    cairo_set_source_surface(target, layer.surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(target), CAIRO_FILTER_BILINEAR)
    cairo_pattern_set_extend(cairo_get_source(target), CAIRO_EXTEND_PAD)
    cairo_paint(target)
    cairo_restore(target)
  }
}
