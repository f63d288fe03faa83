import CCairo

/// A PNG file's pixels, read back with Cairo: `cairo_image_surface_create_from_png`.
final class PNGPixels {
  let width: Int
  let height: Int
  private let surface: OpaquePointer

  /// `nil` unless `path` holds a PNG Cairo reads as 32-bit ARGB (RGB where it is opaque).
  init?(path: String) {
    guard let surface = cairo_image_surface_create_from_png(path),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      [CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24].contains(cairo_image_surface_get_format(surface))
    else { return nil }
    self.surface = surface
    width = Int(cairo_image_surface_get_width(surface))
    height = Int(cairo_image_surface_get_height(surface))
  }

  deinit { cairo_surface_destroy(surface) }

  /// The pixel at column `x`, row `y` as `0xRRGGBB` (premultiplied, so exact where opaque).
  func rgb(x: Int, y: Int) -> UInt32 {
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else { return 0 }
    let offset = y * stride + x * 4
    let pixel = data.withMemoryRebound(to: UInt8.self, capacity: offset + 4) { bytes in
      (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }
    return pixel & 0xFF_FFFF
  }
}
