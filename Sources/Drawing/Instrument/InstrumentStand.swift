import CCairo

/// What a xylophone's bars rest on, drawn under them: the rails, and the shadow each bar
/// casts on the stage below it.
extension InstrumentFrames {
  /// Draws `layout.rails` in `KeyboardLook.railColour`, a tenth of a bar's width wide (at
  /// least a pixel, at most 0.5% of the frame's short side), and each bar's shadow, a little lower (a raised sharp's lower still); both
  /// only outside the bars, so a bar shows nothing but the background through it. Nothing for
  /// the app's buttons.
  static func drawStand(of layout: InstrumentLayout, on canvas: Canvas) {
    guard !layout.rails.isEmpty else { return }
    let context = canvas.context
    cairo_save(context)
    cairo_rectangle(context, 0, 0, Double(canvas.width), Double(canvas.height))
    for bar in layout.bars {
      cairo_rectangle(context, bar.x, bar.y, bar.width, bar.height)
    }
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_clip(context)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    let railWidth = Self.railWidth(of: layout, width: canvas.width, height: canvas.height)
    let rail = KeyboardLook.railColour
    for points in layout.rails {
      canvas.polyline(
        points, Colour(hex: rail.colour, alpha: rail.alpha), lineWidth: railWidth)
    }
    for (index, bar) in layout.bars.enumerated() {
      var shadow = bar
      shadow.y += Self.shadowDrop(of: layout, bar: index)
      canvas.fill(
        shadow, Colour(hex: KeyboardLook.barShadow.colour, alpha: KeyboardLook.barShadow.alpha),
        cornerRadius: min(bar.width, bar.height) * KeyboardLook.cornerRadius)
    }
    cairo_restore(context)
  }
}

extension InstrumentFrames {
  /// The rails' width: a tenth of a bar's width (at least a pixel, at most 0.5% of the
  /// frame's short side).
  static func railWidth(of layout: InstrumentLayout, width: Int, height: Int) -> Double {
    guard let first = layout.bars.first else { return 1 }
    let thickness = min(first.width, first.height)
    return max(1, min(0.1 * thickness, 0.005 * Double(min(width, height))))
  }

  /// How far below bar `bar` its shadow falls: a raised sharp's twice as far as a natural's.
  static func shadowDrop(of layout: InstrumentLayout, bar: Int) -> Double {
    guard let first = layout.bars.first else { return 0 }
    let raised = layout.approach[bar] == .top || layout.approach[bar] == .right
    return min(first.width, first.height) * (raised ? 0.16 : 0.08)
  }
}
