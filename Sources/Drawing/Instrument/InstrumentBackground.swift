import CCairo

/// The picture behind the instrument: the built-in gradient or a decoded picture, drawn once at
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

  /// `picture` scaled to cover the canvas and centred (the overflow is cut off); drawn as it
  /// is when it has the canvas's size already.
  static func paint(_ picture: BackgroundPicture, covering canvas: Canvas) {
    picture.pixels.withUnsafeBufferPointer { pixels in
      guard
        let surface = cairo_image_surface_create_for_data(
          UnsafeMutablePointer(mutating: pixels.baseAddress), CAIRO_FORMAT_ARGB32,
          Int32(picture.width), Int32(picture.height), Int32(4 * picture.width))
      else { return }
      defer { cairo_surface_destroy(surface) }
      let (width, height) = (Double(picture.width), Double(picture.height))
      let scale = max(Double(canvas.width) / width, Double(canvas.height) / height)
      let context = canvas.context
      cairo_save(context)
      cairo_translate(
        context, (Double(canvas.width) - width * scale) / 2,
        (Double(canvas.height) - height * scale) / 2)
      cairo_scale(context, scale, scale)
      cairo_set_source_surface(context, surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
      // The edges repeat outwards rather than fading into transparency when scaled up.
      cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
      cairo_paint(context)
      cairo_restore(context)
      // Cairo reads the pixels while painting; the surface must not outlive them.
      cairo_surface_finish(surface)
    }
  }
}

/// A picture behind the keys, decoded: `width`×`height` pixels in Cairo's ARGB32 layout
/// (premultiplied alpha, native-endian 32-bit words), rows of `4 × width` bytes.
public struct BackgroundPicture: Sendable, Equatable {
  public var width: Int
  public var height: Int
  public var pixels: [UInt8]

  /// A picture of `width`×`height` pixels; `pixels` must hold `4 × width × height` bytes.
  public init?(width: Int, height: Int, pixels: [UInt8]) {
    guard width > 0, height > 0, pixels.count == 4 * width * height else { return nil }
    self.width = width
    self.height = height
    self.pixels = pixels
  }
}
