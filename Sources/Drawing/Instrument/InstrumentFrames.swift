import CCairo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a video shows: the keys (drawn as `InstrumentLayout` places them), the song's title,
/// whether the bars carry their titles, and a background picture.
public struct InstrumentLook: Sendable, Equatable {
  /// The bars, lowest pitch first (drawn at the top, as the app draws C; at the left of a
  /// xylophone).
  public var keys: [DrawnKey]
  public var title: String?
  public var showsLabels: Bool
  /// A picture scaled to cover the frame; `nil` for the built-in dark gradient.
  public var background: BackgroundPicture?
  public var style: InstrumentStyle
  /// The app's buttons, or a xylophone (for a song that plays a key the app does not have).
  public var arrangement: KeyArrangement

  public init(
    keys: [DrawnKey], title: String? = nil, showsLabels: Bool = true,
    background: BackgroundPicture? = nil, style: InstrumentStyle = .app,
    arrangement: KeyArrangement = .buttons
  ) {
    self.keys = keys
    self.title = title
    self.showsLabels = showsLabels
    self.background = background
    self.style = style
    self.arrangement = arrangement
  }
}

/// The instrument as the app shows it, one video frame at a time, into one reused canvas: each
/// bar at alpha 0.7 over the background, a bar being struck at 0.5, as UIKit dims a button.
/// Labels are laid over their bars opaque, white or black, whichever keeps 4.5:1 against the
/// bar as displayed (a label dimmed with its bar cannot, on most of the app's colours).
/// Memory does not depend on how many frames are drawn.
public final class InstrumentFrames {
  public let width: Int
  public let height: Int
  private let look: InstrumentLook
  let layout: InstrumentLayout
  /// The title's lines and size, fitted once.
  let title: TitleFit?
  private let canvas: Canvas
  /// The background, drawn once at the frame's size.
  private let background: Canvas
  /// Each key's label colours, chosen against its bar over the background.
  private let labelColours: [LabelColours]
  /// The moment drawn in `canvas`, to skip redrawing a picture that looks the same.
  private var drawn: InstrumentMoment?
  /// The stage style's effects around the bars (`StageDrawing`); `nil` in the app's look.
  private let stage: StageDrawing?

  /// Sets up frames of `width` × `height` pixels (each 16...4096), drawing the background.
  public init(look: InstrumentLook, width: Int, height: Int) throws(DrawingError) {
    guard (16...4_096).contains(width) && (16...4_096).contains(height) else {
      throw DrawingError(
        path: "frame",
        reason: "a frame of \(width)×\(height) pixels; each side must be 16 to 4096")
    }
    try CairoLibrary.open(for: "frame")
    self.look = look
    self.width = width
    self.height = height
    let canvas = Canvas(width: width, height: height)
    self.canvas = canvas
    let title = look.title.map {
      Self.fit(title: $0, width: width, height: height, measuring: canvas)
    }
    self.title = title
    layout = InstrumentLayout(
      keys: look.keys, width: width, height: height, hasTitle: title != nil,
      twoTitleLinesAt: title.flatMap { $0.lines.count == 2 ? $0.size : nil },
      arrangement: look.arrangement, style: look.style)
    background = Canvas(width: width, height: height)
    if let picture = look.background {
      Self.paint(picture, covering: background)
    } else {
      Self.paintGradient(on: background)
    }
    try check(cairo_status(background.context), path: "background")
    labelColours = Self.labelColours(
      keys: look.keys, layout: layout, background: background, measuring: canvas)
    stage =
      look.style == .stage
      ? StageDrawing(
        keys: look.keys, layout: layout, showsLabels: look.showsLabels, background: background,
        measuring: canvas, width: width, height: height,
        lookAheadSeconds: look.style.lookAheadSeconds) : nil
  }

  /// Draws the picture of `moment` (one dimmed flag per key of the look) and hands `body` its
  /// pixels: Cairo's ARGB32 (premultiplied, native-endian words), and the bytes a row takes.
  /// The pixels are valid only inside `body`.
  public func frame<E: Error>(
    _ moment: InstrumentMoment, _ body: (UnsafeRawBufferPointer, Int) throws(E) -> Void
  ) throws(E) {
    precondition(moment.dimmed.count == look.keys.count, "one flag per key")
    if !looksTheSame(moment, drawn) {
      // In the app's look only the dimming of bars changes: draw just where it did.
      let clipped = look.style == .app && clip(toBarsChangedFrom: drawn, to: moment)
      draw(moment)
      if clipped { cairo_reset_clip(canvas.context) }
      drawn = moment
    }
    cairo_surface_flush(canvas.surface)
    let stride = Int(cairo_image_surface_get_stride(canvas.surface))
    let pixels = UnsafeRawBufferPointer(
      start: cairo_image_surface_get_data(canvas.surface), count: stride * height)
    try body(pixels, stride)
  }

  /// Draws the picture of `moment` and writes it as a PNG file at `path`: a still of the video.
  public func writePNG(_ moment: InstrumentMoment, to path: String) throws(DrawingError) {
    precondition(moment.dimmed.count == look.keys.count, "one flag per key")
    draw(moment)
    drawn = moment
    try canvas.writePNG(to: path)
  }

  /// Whether two moments give the same picture in this look: in the app's, the same dimmed
  /// keys; in the stage's, only the same moment (everything moves). A video draws and
  /// converts a picture that looks the same as the one before it only once.
  public func looksTheSame(_ moment: InstrumentMoment, _ other: InstrumentMoment?) -> Bool {
    guard let other else { return false }
    switch look.style {
    case .app: return moment.dimmed == other.dimmed
    case .stage: return moment == other
    }
  }

  /// Clips drawing to the bars dimmed in one moment and not in the other, each rounded out to
  /// whole pixels with a margin: Cairo draws a pixel inside a pixel-aligned clip exactly as it
  /// draws it unclipped, so the canvas then holds what a full redraw would. Returns false,
  /// clipping nothing, when there is no earlier moment on the canvas.
  private func clip(toBarsChangedFrom before: InstrumentMoment?, to after: InstrumentMoment)
    -> Bool
  {
    guard let before else { return false }
    let context = canvas.context
    cairo_new_path(context)
    for (index, bar) in layout.bars.enumerated() where before.dimmed[index] != after.dimmed[index] {
      let margin = 2 + bar.height / 8
      let (left, top) = ((bar.x - margin).rounded(.down), (bar.y - margin).rounded(.down))
      let (right, bottom) = ((bar.maxX + margin).rounded(.up), (bar.maxY + margin).rounded(.up))
      cairo_rectangle(context, left, top, right - left, bottom - top)
    }
    cairo_clip(context)
    return true
  }

  /// The title as it fits within 92% of the frame's width (`TitleFit`): smaller, down to 45%
  /// of its size (a tall frame's width is short), or on two lines, then cut with an
  /// ellipsis; never clipped at the edges.
  static func fit(title: String, width: Int, height: Int, measuring canvas: Canvas) -> TitleFit {
    let size = InstrumentLayout.titleSize(height: Double(height))
    return TitleFit(
      title, room: 0.92 * Double(width), size: size, smallest: 0.45 * size
    ) { canvas.textWidth($0, size: $1, weight: .bold) }
  }

  private func draw(_ moment: InstrumentMoment) {
    let dimmed = moment.dimmed
    let context = canvas.context
    cairo_set_source_surface(context, background.surface, 0, 0)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    stage?.drawBehindBars(moment, on: canvas)
    for (text, baseline) in zip(title?.lines ?? [], layout.titleBaselines) {
      let size = title?.size ?? layout.titleSize
      // A soft shadow keeps the title readable over a light background picture.
      let offset = max(1, size / 24)
      canvas.text(
        text, at: Point(x: baseline.x + offset, y: baseline.y + offset), size: size,
        Colour(hex: KeyboardLook.titleShadow.colour, alpha: KeyboardLook.titleShadow.alpha),
        weight: .bold, alignment: .center)
      canvas.text(
        text, at: baseline, size: size,
        Colour(hex: KeyboardLook.titleColour.colour, alpha: KeyboardLook.titleColour.alpha),
        weight: .bold, alignment: .center)
    }
    Self.drawStand(of: layout, on: canvas)
    for (index, key) in look.keys.enumerated() {
      let bar = layout.bars[index]
      // The bar drawn opaque into a group, then laid down at the button's alpha; the group
      // clipped to the bar, so Cairo composites the bar's pixels, not the whole frame's
      // (9 ms of a 1080p picture down to 2.5, the same pixels).
      cairo_save(context)
      cairo_rectangle(
        context, bar.x.rounded(.down) - 2, bar.y.rounded(.down) - 2, bar.width.rounded(.up) + 4,
        bar.height.rounded(.up) + 4)
      cairo_clip(context)
      cairo_push_group(context)
      roundedRectangle(bar, radius: min(bar.height, bar.width) * KeyboardLook.cornerRadius)
      let colour = key.colour
      cairo_set_source_rgb(context, colour.red, colour.green, colour.blue)
      cairo_fill(context)
      cairo_pop_group_to_source(context)
      cairo_paint_with_alpha(
        context, dimmed[index] ? KeyboardLook.dimmedAlpha : KeyboardLook.restingAlpha)
      cairo_restore(context)
      // The stage draws the labels over its light.
      if look.showsLabels && stage == nil {
        let size = layout.labelSizes[index]
        canvas.text(
          key.title, at: Self.labelBaseline(in: bar, size: size), size: size,
          dimmed[index] ? labelColours[index].dimmed : labelColours[index].resting,
          weight: .bold, alignment: .center)
      }
    }
    stage?.drawOverBars(moment, on: canvas)
  }

  private func roundedRectangle(_ rect: Rect, radius: Double) {
    let context = canvas.context
    let quarter = Double.pi / 2
    cairo_new_sub_path(context)
    cairo_arc(context, rect.maxX - radius, rect.y + radius, radius, -quarter, 0)
    cairo_arc(context, rect.maxX - radius, rect.maxY - radius, radius, 0, quarter)
    cairo_arc(context, rect.x + radius, rect.maxY - radius, radius, quarter, 2 * quarter)
    cairo_arc(context, rect.x + radius, rect.y + radius, radius, 2 * quarter, 3 * quarter)
    cairo_close_path(context)
  }
}
