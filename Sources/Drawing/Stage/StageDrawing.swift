import CCairo

/// The stage style, around the app's bars: light drifting over the background under a
/// vignette, a runway beside the instrument that the notes travel down to a hit line, a glow
/// and a ripple on each struck bar, and the labels drawn over that light, each on the plate it
/// needs to stay readable. What never moves is drawn into the background once; the rest is a
/// function of the moment alone (what is kept between pictures is only a memo,
/// `StageLights`), so pictures can be drawn in any order and give the same pixels. Like
/// `InstrumentFrames`, which owns it, it draws one picture at a time.
final class StageDrawing {
  let lanes: StageLanes
  private let lights: StageLights
  private let strikes: StageStrikes
  private let notes: StageNotes
  /// The bars' labels; `nil` when the bars are blank.
  private let labels: StageLabels?

  /// The background the light drifts over.
  private let background: Canvas

  /// The stage for `keys` placed by `layout` (down its runway, or along the bars from the
  /// frame's edge for a layout without one) on a frame of `width` × `height` pixels, showing
  /// taps `lookAheadSeconds` ahead, over `background` (which gets the vignette and the rails);
  /// with the keys' titles on the bars when `showsLabels`, measured on `canvas`.
  init(
    keys: [DrawnKey], layout: InstrumentLayout, showsLabels: Bool, background: Canvas,
    measuring canvas: Canvas, width: Int, height: Int, lookAheadSeconds: Int
  ) {
    self.background = background
    let colours = keys.map(\.colour)
    lanes = StageLanes(
      bars: layout.bars, runway: layout.runway, width: width, height: height,
      lookAheadSeconds: lookAheadSeconds)
    lights = StageLights(width: width, height: height)
    strikes = StageStrikes(bars: layout.bars, colours: colours, lanes: lanes)
    notes = StageNotes(
      lanes: lanes, colours: colours, lookAheadSeconds: lookAheadSeconds, width: width,
      height: height)
    // What never moves goes into the background picture; the labels' colours are chosen
    // against it, vignette and all.
    StageBackdrop.drawVignette(on: background)
    labels =
      showsLabels
      ? StageLabels(
        keys: keys, layout: layout,
        colours: InstrumentFrames.labelColours(
          keys: keys, layout: layout, background: background, measuring: canvas
        ).map(\.resting), width: width, height: height, measuring: canvas) : nil
    StageBackdrop.drawRails(lanes, colours: colours, on: background)
  }

  /// What is behind the title and the bars: the background with the drifting light over it,
  /// in place of the background alone.
  func drawBehindBars(_ moment: InstrumentMoment, on canvas: Canvas) {
    isolated(canvas) { lights.draw(moment, over: background, on: canvas) }
  }

  /// What is over the bars: the struck bars' light, the labels, then the notes to come.
  func drawOverBars(_ moment: InstrumentMoment, on canvas: Canvas) {
    isolated(canvas) {
      strikes.draw(moment, on: canvas)
      labels?.draw(on: canvas)
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
