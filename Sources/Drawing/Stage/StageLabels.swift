import CCairo

/// The bars' labels on the stage, drawn over the struck bars' light. Each keeps the colour it
/// has at rest (`InstrumentFrames.labelColours`) and lies on a plate of its bar's colour,
/// darkened under a white label and lightened under a black one, exactly as opaque as the
/// picture needs for the label to keep `Contrast.minimumForText` against every pixel around
/// it: none while its bar is at rest, more while a glow or a ripple washes over it. The light
/// stays; the label reads.
struct StageLabels {
  /// One bar's label.
  private struct Label {
    var title: String
    var baseline: Point
    var size: Double
    var colour: Colour
    var plate: Colour
    /// The plate: the label's ink and a margin, drawn within its bar.
    var box: Rect
    var bar: Rect
    /// The whole pixels the plate touches, a pixel or more inside its bar: those it is made for.
    var columns: Range<Int>
    var rows: Range<Int>
  }

  private let labels: [Label]

  /// The contrast a plate is made for: a little above the minimum, for 8-bit rounding.
  static let aim = Contrast.minimumForText + 0.1
  /// The margin around a label's ink that its plate covers, as a fraction of the label's size.
  static let margin = 0.22
  /// How far a plate's colour is taken from its bar's toward black (or white).
  static let plateShade = 0.7

  /// The labels of `keys` as `layout` places them, in `colours`, on a frame of `width` ×
  /// `height`; `canvas` measures the text.
  init(
    keys: [DrawnKey], layout: InstrumentLayout, colours: [Colour], width: Int, height: Int,
    measuring canvas: Canvas
  ) {
    labels = keys.indices.map { index in
      let (bar, size) = (layout.bars[index], layout.labelSizes[index])
      let baseline = InstrumentFrames.labelBaseline(in: bar, size: size)
      let ink = canvas.inkBox(
        of: keys[index].title, at: baseline, size: size, weight: .bold, alignment: .center)
      let margin = Self.margin * size
      let box = Rect(
        x: ink.x - margin, y: ink.y - margin, width: ink.width + 2 * margin,
        height: ink.height + 2 * margin)
      let colour = colours[index]
      let light = colour.relativeLuminance > 0.5
      return Label(
        title: keys[index].title, baseline: baseline, size: size, colour: colour,
        plate: keys[index].colour.mixed(
          with: Colour(hex: light ? 0x000000 : 0xFFFFFF), by: Self.plateShade),
        box: box, bar: bar,
        columns: Self.pixels(
          from: max(box.x, bar.x + 1), to: min(box.maxX, bar.maxX - 1), limit: width),
        rows: Self.pixels(
          from: max(box.y, bar.y + 1), to: min(box.maxY, bar.maxY - 1), limit: height))
    }
  }

  /// Draws every label over what `canvas` shows, each on the plate it needs there.
  func draw(on canvas: Canvas) {
    let context = canvas.context
    cairo_surface_flush(canvas.surface)
    let stride = Int(cairo_image_surface_get_stride(canvas.surface))
    guard let data = cairo_image_surface_get_data(canvas.surface) else { return }
    // Every plate is worked out from the picture before any is laid down.
    let opacities = labels.map { label in
      let pixels = UnsafeRawPointer(data)
      // Most labels need none: told from the pixels' luminances alone.
      if Self.keepsBare(label, pixels: pixels, stride: stride) { return 0.0 }
      return Self.plateOpacity(
        label: label.colour, plate: label.plate,
        under: Self.colours(in: label, of: pixels, stride: stride))
    }
    for (label, opacity) in zip(labels, opacities) {
      if opacity > 0 {
        // Within the bar: a label as wide as its bar gets a band across it.
        cairo_save(context)
        cairo_new_path(context)
        stageRoundedRectangle(
          label.bar, radius: KeyboardLook.cornerRadius * min(label.bar.width, label.bar.height),
          on: context)
        cairo_clip(context)
        stageRoundedRectangle(label.box, radius: 0.25 * label.size, on: context)
        cairo_set_source_rgba(
          context, label.plate.red, label.plate.green, label.plate.blue, opacity)
        cairo_fill(context)
        cairo_restore(context)
      }
      canvas.text(
        label.title, at: label.baseline, size: label.size, label.colour, weight: .bold,
        alignment: .center)
    }
  }

  /// The least opacity of `plate` laid over each of `under` (opaque colours, `0xRRGGBB`) that
  /// keeps `aim` between `label` and all of them, in steps of 1/64; 0 when they keep it bare.
  static func plateOpacity(label: Colour, plate: Colour, under: [UInt32]) -> Double {
    let labelLuminance = label.relativeLuminance
    func keeps(_ luminance: Double) -> Bool {
      (max(luminance, labelLuminance) + 0.05) / (min(luminance, labelLuminance) + 0.05) >= aim
    }
    if under.allSatisfy({ keeps(luminance(of: $0)) }) { return 0 }
    let colours = under.map { Colour(hex: $0) }
    func keepsAll(_ opacity: Double) -> Bool {
      colours.allSatisfy { keeps(plate.composited(alpha: opacity, over: $0).relativeLuminance) }
    }
    // The least number of 64ths that keeps it (the contrast grows with the opacity); at full
    // opacity the plate alone keeps it.
    var (low, high) = (0, 64)
    while high - low > 1 {
      let middle = (low + high) / 2
      if keepsAll(Double(middle) / 64) { high = middle } else { low = middle }
    }
    return Double(high) / 64
  }

  /// Whether `label` keeps `aim` against every pixel under its plate without one. A label is
  /// white or black, so the pixel it contrasts least with is the darkest or the lightest.
  private static func keepsBare(_ label: Label, pixels: UnsafeRawPointer, stride: Int) -> Bool {
    let labelLuminance = label.colour.relativeLuminance
    var (darkest, lightest) = (1.0, 0.0)
    for y in label.rows {
      for x in label.columns {
        let shown = luminance(of: pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self))
        (darkest, lightest) = (min(darkest, shown), max(lightest, shown))
      }
    }
    let least = min(
      (max(labelLuminance, darkest) + 0.05) / (min(labelLuminance, darkest) + 0.05),
      (max(labelLuminance, lightest) + 0.05) / (min(labelLuminance, lightest) + 0.05))
    return least >= aim
  }

  /// The relative luminance of `0xRRGGBB` (higher bits ignored), from a table of the 256 values
  /// a component takes: `Colour.relativeLuminance`, sooner.
  private static func luminance(of pixel: UInt32) -> Double {
    0.2126 * linearComponents[Int(pixel >> 16 & 0xFF)]
      + 0.7152 * linearComponents[Int(pixel >> 8 & 0xFF)]
      + 0.0722 * linearComponents[Int(pixel & 0xFF)]
  }

  /// Each 8-bit component's value made linear (`Colour.linear`).
  private static let linearComponents = (0...255).map { Colour.linear(Double($0) / 255) }

  /// The distinct colours of the pixels under `label`'s plate, `0xRRGGBB`, in a fixed order.
  private static func colours(in label: Label, of pixels: UnsafeRawPointer, stride: Int)
    -> [UInt32]
  {
    var seen = Set<UInt32>()
    for y in label.rows {
      for x in label.columns {
        // Premultiplied: as shown over black where the picture is transparent.
        seen.insert(pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xFF_FFFF)
      }
    }
    return seen.sorted()
  }

  /// The whole pixels from `start` to `end`, rounded outward, within `0..<limit`.
  private static func pixels(from start: Double, to end: Double, limit: Int) -> Range<Int> {
    let low = min(max(Int(start.rounded(.down)), 0), limit)
    return low..<min(max(Int(end.rounded(.up)), low), limit)
  }
}
