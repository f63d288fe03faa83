import CCairo

/// The stage style, around the app's bars: light drifting over the background under a
/// vignette, rails and notes travelling down them to the bars, and a glow and a ripple on each
/// struck bar. What never moves is drawn into the background once; the rest is a function of
/// the moment alone (what is kept between pictures is only a memo, `StageLights`), so pictures
/// can be drawn in any order and give the same pixels. Like `InstrumentFrames`, which owns it,
/// it draws one picture at a time.
final class StageDrawing {
  let lanes: StageLanes
  private let bars: [Rect]
  private let colours: [Colour]
  private let lights: StageLights
  private let strikes: StageStrikes
  private let notes: StageNotes

  /// The background the light drifts over.
  private let background: Canvas

  /// The stage for `keys` drawn as `bars` on a frame of `width` × `height` pixels, showing
  /// taps `lookAheadSeconds` ahead, over `background` (which gets the vignette and the rails).
  /// `approaches` names the side each bar's notes come from, for a layout that knows; by
  /// default they come along each bar (`StageLanes.Edge(along:)`).
  init(
    keys: [DrawnKey], bars: [Rect], approaches: [StageLanes.Edge?]? = nil, background: Canvas,
    width: Int, height: Int, lookAheadSeconds: Int
  ) {
    self.bars = bars
    self.background = background
    colours = keys.map(\.colour)
    lanes = StageLanes(
      bars: bars, approaches: approaches, width: width, height: height,
      lookAheadSeconds: lookAheadSeconds)
    lights = StageLights(width: width, height: height)
    strikes = StageStrikes(bars: bars, colours: colours, lanes: lanes)
    notes = StageNotes(
      lanes: lanes, colours: colours, lookAheadSeconds: lookAheadSeconds, width: width,
      height: height)
    // What never moves goes into the background picture.
    StageBackdrop.drawVignette(on: background)
    StageBackdrop.drawRails(lanes, bars: bars, colours: colours, on: background)
  }

  /// What is behind the title and the bars: the background with the drifting light over it,
  /// in place of the background alone.
  func drawBehindBars(_ moment: InstrumentMoment, on canvas: Canvas) {
    isolated(canvas) { lights.draw(moment, over: background, on: canvas) }
  }

  /// What is over the bars: the struck bars' light, then the notes to come.
  func drawOverBars(_ moment: InstrumentMoment, on canvas: Canvas) {
    isolated(canvas) {
      strikes.draw(moment, on: canvas)
      notes.draw(moment, on: canvas)
    }
  }

  /// Runs `body` with the canvas's drawing state saved and restored around it, and no path
  /// left behind, so the stage leaves nothing for the app's drawing to inherit.
  private func isolated(_ canvas: Canvas, _ body: () -> Void) {
    cairo_save(canvas.context)
    cairo_new_path(canvas.context)
    body()
    cairo_new_path(canvas.context)
    cairo_restore(canvas.context)
  }
}
