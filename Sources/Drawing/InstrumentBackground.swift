import CCairo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The picture behind the instrument: the built-in gradient or a picture file, drawn once at
/// the frame's size and reused for every frame.
extension InstrumentFrames {
  /// A dark blue-grey gradient, lighter at the top, like a stage behind the instrument.
  static func paintGradient(on canvas: Canvas) {
    guard let gradient = cairo_pattern_create_linear(0, 0, 0, Double(canvas.height)) else {
      return
    }
    defer { cairo_pattern_destroy(gradient) }
    for (offset, hex) in [
      (0.0, KeyboardLook.backgroundGradient.top), (1.0, KeyboardLook.backgroundGradient.bottom),
    ] {
      let colour = Colour(hex: hex)
      cairo_pattern_add_color_stop_rgb(gradient, offset, colour.red, colour.green, colour.blue)
    }
    cairo_set_source(canvas.context, gradient)
    cairo_paint(canvas.context)
  }

  /// The PNG at `path`, scaled to cover the canvas and centred (the overflow is cut off).
  /// The corresponding C function is `cairo_image_surface_create_from_png`.
  static func paintPicture(at path: String, covering canvas: Canvas) throws(DrawingError) {
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
