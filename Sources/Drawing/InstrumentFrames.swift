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
  /// The bars, lowest pitch first (drawn at the top, as the app draws C).
  public var keys: [DrawnKey]
  public var title: String?
  public var showsLabels: Bool
  /// A PNG scaled to cover the frame; `nil` for the built-in dark gradient.
  public var backgroundPath: String?

  public init(
    keys: [DrawnKey], title: String? = nil, showsLabels: Bool = true, backgroundPath: String? = nil
  ) {
    self.keys = keys
    self.title = title
    self.showsLabels = showsLabels
    self.backgroundPath = backgroundPath
  }
}

/// The instrument as the app shows it, one video frame at a time, into one reused canvas: each
/// bar at alpha 0.7 over the background, a bar being struck at 0.5 (bar and title together, as
/// UIKit dims a button). Memory does not depend on how many frames are drawn.
public final class InstrumentFrames {
  /// The app's alphas: a key at rest, and for 0.2 s after a tap.
  public static let restingAlpha = 0.7
  public static let dimmedAlpha = 0.5

  public let width: Int
  public let height: Int
  private let look: InstrumentLook
  private let layout: InstrumentLayout
  private let canvas: Canvas
  /// The background, drawn once at the frame's size.
  private let background: Canvas
  /// The dimmed keys of the frame in `canvas`, to skip redrawing an unchanged frame.
  private var drawn: [Bool]?

  /// Sets up frames of `width` × `height` pixels (each 16...4096), loading the background.
  /// Throws when the background cannot be read as a PNG, naming its path.
  public init(look: InstrumentLook, width: Int, height: Int) throws(DrawingError) {
    guard (16...4_096).contains(width) && (16...4_096).contains(height) else {
      throw DrawingError(
        path: look.backgroundPath ?? "frame",
        reason: "a frame of \(width)×\(height) pixels; each side must be 16 to 4096")
    }
    try CairoLibrary.open(for: look.backgroundPath ?? "frame")
    self.look = look
    self.width = width
    self.height = height
    layout = InstrumentLayout(
      keys: look.keys, width: width, height: height, hasTitle: look.title != nil)
    canvas = Canvas(width: width, height: height)
    background = Canvas(width: width, height: height)
    if let path = look.backgroundPath {
      try Self.paintPicture(at: path, covering: background)
    } else {
      Self.paintGradient(on: background)
    }
    try check(cairo_status(background.context), path: look.backgroundPath ?? "background")
  }

  /// Draws the frame with the keys `dimmed` marks (one flag per key of the look) and hands
  /// `body` its pixels: Cairo's ARGB32 (premultiplied, native-endian words), and the bytes a
  /// row takes. The pixels are valid only inside `body`.
  public func frame<E: Error>(
    dimmed: [Bool], _ body: (UnsafeRawBufferPointer, Int) throws(E) -> Void
  ) throws(E) {
    precondition(dimmed.count == look.keys.count, "one flag per key")
    if drawn != dimmed {
      draw(dimmed: dimmed)
      drawn = dimmed
    }
    cairo_surface_flush(canvas.surface)
    let stride = Int(cairo_image_surface_get_stride(canvas.surface))
    let pixels = UnsafeRawBufferPointer(
      start: cairo_image_surface_get_data(canvas.surface), count: stride * height)
    try body(pixels, stride)
  }

  /// Draws the frame with the keys `dimmed` marks and writes it as a PNG file at `path`: a
  /// still of the video.
  public func writePNG(dimmed: [Bool], to path: String) throws(DrawingError) {
    precondition(dimmed.count == look.keys.count, "one flag per key")
    draw(dimmed: dimmed)
    drawn = dimmed
    try canvas.writePNG(to: path)
  }

  /// The title as it fits within 92% of the frame's width: smaller, down to 45% of its size
  /// (a tall frame's width is short), then cut with an ellipsis; never clipped at the edges.
  func fittedTitle(_ title: String) -> (text: String, size: Double) {
    let room = 0.92 * Double(width)
    var size = layout.titleSize
    let full = canvas.textWidth(title, size: size, weight: .bold)
    if full > room { size = max(layout.titleSize * 0.45, size * room / full) }
    var text = title
    while canvas.textWidth(text, size: size, weight: .bold) > room, text.count > 1 {
      text = String(text.dropLast(text.hasSuffix("…") ? 2 : 1)) + "…"
    }
    return (text, size)
  }

  private func draw(dimmed: [Bool]) {
    let context = canvas.context
    cairo_set_source_surface(context, background.surface, 0, 0)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    if let title = look.title, let baseline = layout.titleBaseline {
      let (text, size) = fittedTitle(title)
      // A soft shadow keeps the title readable over a light background picture.
      let offset = max(1, size / 24)
      canvas.text(
        text, at: Point(x: baseline.x + offset, y: baseline.y + offset), size: size,
        Colour(hex: 0x000000, alpha: 0.55), weight: .bold, alignment: .center)
      canvas.text(
        text, at: baseline, size: size, Colour(hex: 0xFFFFFF, alpha: 0.92), weight: .bold,
        alignment: .center)
    }
    for (index, key) in look.keys.enumerated() {
      let bar = layout.bars[index]
      // Bar and title drawn opaque into a group, then laid down at the button's alpha.
      cairo_push_group(context)
      roundedRectangle(bar, radius: min(bar.height, bar.width) * 0.12)
      let colour = key.colour
      cairo_set_source_rgb(context, colour.red, colour.green, colour.blue)
      cairo_fill(context)
      if look.showsLabels {
        let size = layout.labelSize * (key.isSharp ? 0.75 : 1)
        canvas.text(
          key.title, at: Point(x: bar.x + bar.width / 2, y: bar.midY + 0.36 * size), size: size,
          Colour(hex: 0xFFFFFF), weight: .bold, alignment: .center)
      }
      cairo_pop_group_to_source(context)
      cairo_paint_with_alpha(context, dimmed[index] ? Self.dimmedAlpha : Self.restingAlpha)
    }
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

  /// A dark blue-grey gradient, lighter at the top, like a stage behind the instrument.
  private static func paintGradient(on canvas: Canvas) {
    guard let gradient = cairo_pattern_create_linear(0, 0, 0, Double(canvas.height)) else {
      return
    }
    defer { cairo_pattern_destroy(gradient) }
    cairo_pattern_add_color_stop_rgb(gradient, 0, 0.16, 0.19, 0.27)
    cairo_pattern_add_color_stop_rgb(gradient, 1, 0.04, 0.05, 0.08)
    cairo_set_source(canvas.context, gradient)
    cairo_paint(canvas.context)
  }

  /// The PNG at `path`, scaled to cover the canvas and centred (the overflow is cut off).
  /// The corresponding C function is `cairo_image_surface_create_from_png`.
  private static func paintPicture(at path: String, covering canvas: Canvas) throws(DrawingError) {
    try checkBackground(at: path)
    guard let picture = cairo_image_surface_create_from_png(path) else {
      throw DrawingError(path: path, reason: "out of memory")
    }
    defer { cairo_surface_destroy(picture) }
    // Cairo says "out of memory" for a PNG whose data is damaged; its size was checked above.
    let status = cairo_surface_status(picture)
    guard status != CAIRO_STATUS_NO_MEMORY && status != CAIRO_STATUS_READ_ERROR else {
      throw DrawingError(
        path: path, reason: "the PNG cannot be decoded: it is damaged or cut short")
    }
    try check(status, path: path)
    let (width, height) = (
      Double(cairo_image_surface_get_width(picture)),
      Double(cairo_image_surface_get_height(picture))
    )
    let scale = max(Double(canvas.width) / width, Double(canvas.height) / height)
    let context = canvas.context
    cairo_save(context)
    cairo_translate(
      context, (Double(canvas.width) - width * scale) / 2,
      (Double(canvas.height) - height * scale) / 2)
    cairo_scale(context, scale, scale)
    cairo_set_source_surface(context, picture, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
    cairo_paint(context)
    cairo_restore(context)
  }

  /// The most pixels a background may have: 50 megapixels (a phone's largest photos), 200 MB
  /// once decoded.
  public static let maximumBackgroundPixels = 50_000_000

  /// Refuses what Cairo should not be asked to decode: anything but a regular file (a FIFO
  /// would never end), a file without the PNG signature and header, or a picture past
  /// `maximumBackgroundPixels`, judged from its header before a pixel is decoded.
  public static func checkBackground(at path: String) throws(DrawingError) {
    var status = stat()
    guard stat(path, &status) == 0 else { throw DrawingError(path: path, reason: "no such file") }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw DrawingError(path: path, reason: "not a regular file")
    }
    guard let file = fopen(path, "rb") else {
      throw DrawingError(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(file) }
    var bytes = [UInt8](repeating: 0, count: 24)
    guard fread(&bytes, 1, 24, file) == 24,
      bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
      bytes[12..<16].elementsEqual(Array("IHDR".utf8))
    else { throw DrawingError(path: path, reason: "not a PNG file") }
    let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
    guard width > 0, height > 0, width * height <= maximumBackgroundPixels else {
      throw DrawingError(
        path: path,
        reason:
          "the picture is \(width)x\(height) pixels, more than the \(maximumBackgroundPixels / 1_000_000) megapixels a background may have"
      )
    }
  }
}
