import CCairo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A picture being drawn: in memory and then written as a PNG file, or streamed as vector
/// shapes to an SVG file. The one owner of a Cairo surface and its drawing context, both
/// destroyed in `deinit`.
///
/// Drawing never fails on the spot: Cairo keeps the first error in the context and ignores
/// what follows, so `writePNG(to:)` or `finishSVG()` reports it.
final class Canvas {
  let width: Int
  let height: Int
  let kind: Kind
  let surface: OpaquePointer
  let context: OpaquePointer
  /// The SVG document Cairo writes, for an `.svg` canvas.
  private let svgDocument: SVGDocument?

  /// What a canvas draws onto.
  enum Kind: Equatable {
    /// Pixels in memory, written by `writePNG(to:)`.
    case image
    /// An SVG file at `path`, one `<path>` (or `<rect>`) a filled or stroked shape, written by
    /// `finishSVG()`.
    case svg(path: String)
  }

  /// Text weights of the toy font API.
  enum Weight {
    case regular
    case bold
  }

  /// Where text sits relative to the point it is drawn at.
  enum Alignment {
    case left
    case center
    case right
  }

  /// A blank canvas, fully transparent, `width` × `height` pixels (each in 1...32767).
  /// The corresponding C functions are `cairo_image_surface_create` (or
  /// `cairo_svg_surface_create_for_stream`) and `cairo_create`.
  init(width: Int, height: Int, kind: Kind = .image) {
    self.width = width
    self.height = height
    self.kind = kind
    switch kind {
    case .image:
      svgDocument = nil
      surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(clamping: width), Int32(clamping: height))
    case .svg:
      let document = SVGDocument()
      svgDocument = document
      surface = document.makeSurface(width: Double(width), height: Double(height))
    }
    context = cairo_create(surface)
    DeterministicSettings.apply(to: context)
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// Fills a rectangle. The corresponding C function is `cairo_rectangle`.
  func fill(_ rect: Rect, _ colour: Colour) {
    cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    fillPath(colour)
  }

  /// Fills a rectangle with corners rounded to `radius` pixels (at most half the shorter side),
  /// as one path. The corresponding C function is `cairo_arc`.
  func fill(_ rect: Rect, _ colour: Colour, cornerRadius radius: Double) {
    let r = max(0, min(radius, rect.width / 2, rect.height / 2))
    cairo_new_path(context)
    cairo_new_sub_path(context)
    cairo_arc(context, rect.maxX - r, rect.y + r, r, -Double.pi / 2, 0)
    cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
    cairo_arc(context, rect.x + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
    cairo_arc(context, rect.x + r, rect.y + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(context)
    fillPath(colour)
  }

  /// Draws a straight line `lineWidth` pixels wide, dashed when `dashes` holds on/off lengths.
  func line(
    from start: Point, to end: Point, _ colour: Colour, lineWidth: Double = 1,
    dashes: [Double] = []
  ) {
    polyline([start, end], colour, lineWidth: lineWidth, dashes: dashes)
  }

  /// Draws connected straight lines through `points`.
  func polyline(_ points: [Point], _ colour: Colour, lineWidth: Double = 1, dashes: [Double] = []) {
    trace(points)
    cairo_set_dash(context, dashes, Int32(dashes.count), 0)
    strokePath(colour, lineWidth: lineWidth)
    cairo_set_dash(context, nil, 0, 0)
  }

  /// Fills the polygon through `points`, and strokes its outline when `outline` is given, so
  /// that a polygon with no area still shows as a line.
  func polygon(_ points: [Point], _ colour: Colour, outline: Colour? = nil) {
    trace(points)
    cairo_close_path(context)
    if let outline {
      set(colour)
      cairo_fill_preserve(context)
      strokePath(outline, lineWidth: 1)
    } else {
      fillPath(colour)
    }
  }

  /// Draws one line of text with its baseline at `point.y`.
  /// The corresponding C functions are `cairo_select_font_face` and `cairo_show_text`.
  func text(
    _ text: String, at point: Point, size: Double, _ colour: Colour, weight: Weight = .regular,
    alignment: Alignment = .left
  ) {
    let advance = textWidth(text, size: size, weight: weight)
    let x: Double
    switch alignment {
    case .left: x = point.x
    case .center: x = point.x - advance / 2
    case .right: x = point.x - advance
    }
    cairo_move_to(context, x, point.y)
    set(colour)
    cairo_show_text(context, text)
    cairo_new_path(context)
  }

  /// How far `text` advances the pen, in pixels. The corresponding C function is
  /// `cairo_text_extents`.
  func textWidth(_ text: String, size: Double, weight: Weight = .regular) -> Double {
    selectFont(size: size, weight: weight)
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, text, &extents)
    return extents.x_advance
  }

  /// The box the ink of `text` covers where `text(_:at:size:_:weight:alignment:)` draws it.
  /// The corresponding C function is `cairo_text_extents`.
  func inkBox(
    of text: String, at point: Point, size: Double, weight: Weight = .regular,
    alignment: Alignment = .left
  ) -> Rect {
    selectFont(size: size, weight: weight)
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, text, &extents)
    let shift: Double
    switch alignment {
    case .left: shift = 0
    case .center: shift = extents.x_advance / 2
    case .right: shift = extents.x_advance
    }
    return Rect(
      x: point.x - shift + extents.x_bearing, y: point.y + extents.y_bearing,
      width: extents.width, height: extents.height)
  }

  /// Writes the picture as a PNG file, replacing any file at `path`.
  /// The corresponding C function is `cairo_surface_write_to_png`.
  func writePNG(to path: String) throws(DrawingError) {
    try check(cairo_status(context), path: path)
    cairo_surface_flush(surface)
    try check(cairo_surface_status(surface), path: path)
    errno = 0
    try check(cairo_surface_write_to_png(surface, path), path: path)
  }

  /// Completes the SVG document of an `.svg` canvas and writes it at its path, replacing any
  /// file there; nothing can be drawn after it. The corresponding C function is
  /// `cairo_surface_finish`.
  func finishSVG() throws(DrawingError) {
    guard case .svg(let path) = kind, let svgDocument else {
      preconditionFailure("finishSVG() of a PNG canvas")
    }
    try check(cairo_status(context), path: path)
    cairo_surface_finish(surface)
    try check(cairo_surface_status(surface), path: path)
    errno = 0
    guard svgDocument.write(to: path) else {
      try check(CAIRO_STATUS_WRITE_ERROR, path: path)
      return
    }
  }

  private func trace(_ points: [Point]) {
    cairo_new_path(context)
    for point in points {
      cairo_line_to(context, point.x, point.y)
    }
  }

  private func set(_ colour: Colour) {
    cairo_set_source_rgba(context, colour.red, colour.green, colour.blue, colour.alpha)
  }

  private func fillPath(_ colour: Colour) {
    set(colour)
    cairo_fill(context)
  }

  private func strokePath(_ colour: Colour, lineWidth: Double) {
    set(colour)
    cairo_set_line_width(context, lineWidth)
    cairo_stroke(context)
  }

  private func selectFont(size: Double, weight: Weight) {
    let faces = DeterministicSettings.fontFaces
    cairo_set_font_face(context, weight == .bold ? faces.bold : faces.regular)
    cairo_set_font_size(context, size)
  }
}

/// Cairo's settings that decide pixels, set explicitly in one place rather than taken from the
/// library's or fontconfig's defaults, so the same inputs give the same PNG bytes.
private enum DeterministicSettings {
  /// The font of the toy API (fontconfig substitutes its default sans-serif font where it is
  /// missing).
  static let fontFamily = KeyboardLook.fontFamily

  static func apply(to context: OpaquePointer) {
    cairo_set_antialias(context, CAIRO_ANTIALIAS_GRAY)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    cairo_set_tolerance(context, 0.1)
    withFontOptions { cairo_set_font_options(context, $0) }
  }

  /// Calls `body` with the font options every canvas draws text with.
  private static func withFontOptions(_ body: (OpaquePointer) -> Void) {
    guard let options = cairo_font_options_create() else { return }
    defer { cairo_font_options_destroy(options) }
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
    body(options)
  }

  /// The pixel size at which the fonts are looked up in fontconfig.
  static let fontLookupSize = 16.0

  /// The toy font faces, made once and kept for the process. Cairo asks fontconfig about a
  /// toy face once, for the first size text is drawn at, and keeps that answer for every
  /// size after; fontconfig turns hinting off for DejaVu Sans below 7.5 pixels. So the first
  /// text a process drew (a small label or a large title, whichever thread came first)
  /// decided every glyph after it. Asked here at `fontLookupSize` before any text is drawn,
  /// the answer is the same in every process: hinted, as fontconfig has it at that size.
  /// (Cairo's font faces are reference-counted and safe to share between threads.)
  nonisolated(unsafe) static let fontFaces: (regular: OpaquePointer?, bold: OpaquePointer?) = {
    func face(_ weight: cairo_font_weight_t) -> OpaquePointer? {
      let face = cairo_toy_font_face_create(fontFamily, CAIRO_FONT_SLANT_NORMAL, weight)
      var size = cairo_matrix_t(
        xx: fontLookupSize, yx: 0, xy: 0, yy: fontLookupSize, x0: 0, y0: 0)
      var identity = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
      withFontOptions { options in
        cairo_scaled_font_destroy(cairo_scaled_font_create(face, &size, &identity, options))
      }
      return face
    }
    return (face(CAIRO_FONT_WEIGHT_NORMAL), face(CAIRO_FONT_WEIGHT_BOLD))
  }()
}

/// Turns a Cairo status into a `DrawingError` about `path`; success passes. A failed write
/// adds the system's reason when the C library left one in `errno`.
func check(_ status: cairo_status_t, path: String) throws(DrawingError) {
  guard status != CAIRO_STATUS_SUCCESS else { return }
  var reason = cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo error"
  if status == CAIRO_STATUS_WRITE_ERROR, errno != 0, let text = strerror(errno) {
    let system = String(cString: text)
    reason += ": " + system.prefix(1).lowercased() + system.dropFirst()
  }
  throw DrawingError(path: path, reason: reason)
}
