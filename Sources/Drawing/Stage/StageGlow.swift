import CCairo

/// The soft light of each bar: its rounded rectangle blurred by three passes of a box blur
/// (close to a Gaussian) a little wider than the bar is thick, in its key's colour, drawn once
/// when the frames are set up and added over a picture at the strength of the moment.
struct StageGlow {
  /// The glow of one bar: premultiplied pixels at `origin`.
  private struct Sprite {
    let picture: Canvas
    let origin: Point
  }

  private let sprites: [Sprite]

  init(bars: [Rect], colours: [Colour]) {
    sprites = zip(bars, colours).map { bar, colour in
      Self.sprite(of: bar, colour: colour.mixed(with: Colour(hex: 0xFFFFFF), by: 0.2))
    }
  }

  /// Adds the glow of `bar` to the picture of `context`, at `strength` (0...1).
  func add(bar: Int, strength: Double, on context: OpaquePointer) {
    let sprite = sprites[bar]
    cairo_save(context)
    cairo_set_operator(context, CAIRO_OPERATOR_ADD)
    cairo_set_source_surface(context, sprite.picture.surface, sprite.origin.x, sprite.origin.y)
    cairo_paint_with_alpha(context, strength)
    cairo_restore(context)
  }

  /// The glow of `bar` in `colour`. A box blur of a rectangle is the product of the blurs of
  /// its two sides, so two short rows of numbers make the whole glow (the bar's rounded
  /// corners, blurred, would differ by less than a step of colour).
  private static func sprite(of bar: Rect, colour: Colour) -> Sprite {
    let thickness = min(bar.width, bar.height)
    let margin = max(4, 0.75 * thickness)
    let x = (bar.x - margin).rounded(.down)
    let y = (bar.y - margin).rounded(.down)
    let width = Int((bar.maxX + margin).rounded(.up) - x)
    let height = Int((bar.maxY + margin).rounded(.up) - y)
    let picture = Canvas(width: width, height: height)
    let radius = max(1, Int(margin / 3))
    let across = blurredSpan(from: bar.x - x, to: bar.maxX - x, count: width, radius: radius)
    let down = blurredSpan(from: bar.y - y, to: bar.maxY - y, count: height, radius: radius)
    cairo_surface_flush(picture.surface)
    let stride = Int(cairo_image_surface_get_stride(picture.surface)) / 4
    guard let data = cairo_image_surface_get_data(picture.surface) else {
      return Sprite(picture: picture, origin: Point(x: x, y: y))
    }
    let (red, green, blue) = (Float(colour.red), Float(colour.green), Float(colour.blue))
    data.withMemoryRebound(to: UInt32.self, capacity: stride * height) { words in
      across.withUnsafeBufferPointer { across in
        for row in 0..<height {
          let rowStrength = down[row]
          for column in 0..<width {
            // Premultiplied ARGB32 words: alpha, then each component times alpha, rounded.
            let alpha = 255 * min(1, across[column] * rowStrength)
            words[row * stride + column] =
              UInt32(alpha + 0.5) << 24 | UInt32(alpha * red + 0.5) << 16
              | UInt32(alpha * green + 0.5) << 8 | UInt32(alpha * blue + 0.5)
          }
        }
      }
    }
    cairo_surface_mark_dirty(picture.surface)
    return Sprite(picture: picture, origin: Point(x: x, y: y))
  }

  /// How much of each of `count` pixels the span from `start` to `end` covers, blurred by
  /// three passes of a running mean over `2 × radius + 1` pixels (close to a Gaussian).
  private static func blurredSpan(
    from start: Double, to end: Double, count: Int, radius: Int
  ) -> [Float] {
    var values = (0..<count).map { pixel in
      Float(max(0, min(Double(pixel + 1), end) - max(Double(pixel), start)))
    }
    let scale = 1 / Float(2 * radius + 1)
    var padded = [Float](repeating: 0, count: count + 2 * radius + 1)
    for _ in 0..<3 {
      for index in 0..<count { padded[radius + index] = values[index] }
      var sum: Float = 0
      for index in 0..<(2 * radius) { sum += padded[index] }
      for index in 0..<count {
        sum += padded[index + 2 * radius]
        values[index] = sum * scale
        sum -= padded[index]
      }
    }
    return values
  }
}

/// Adds a rectangle with corners rounded to `radius` to the path of `context`, as the bars are
/// drawn.
func stageRoundedRectangle(_ rect: Rect, radius: Double, on context: OpaquePointer) {
  let radius = max(0, min(radius, rect.width / 2, rect.height / 2))
  let quarter = Double.pi / 2
  cairo_new_sub_path(context)
  cairo_arc(context, rect.maxX - radius, rect.y + radius, radius, -quarter, 0)
  cairo_arc(context, rect.maxX - radius, rect.maxY - radius, radius, 0, quarter)
  cairo_arc(context, rect.x + radius, rect.maxY - radius, radius, quarter, 2 * quarter)
  cairo_arc(context, rect.x + radius, rect.y + radius, radius, 2 * quarter, 3 * quarter)
  cairo_close_path(context)
}
