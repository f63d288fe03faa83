import CCairo
import Testing

@testable import Drawing

/// A moment at `picture` of 60 a second: the taps `strikes`, the bars `dimmed`.
private func moment(
  _ picture: Int64, _ strikes: [InstrumentMoment.Strike], dimmed: Set<Int> = [], count: Int
) -> InstrumentMoment {
  InstrumentMoment(
    picture: picture, framesPerSecond: 60, dimmed: (0..<count).map(dimmed.contains),
    strikes: strikes)
}

/// The opaque colour of each pixel of a frame, `0xRRGGBB`, row by row.
private func colours(_ frames: InstrumentFrames, _ moment: InstrumentMoment) -> [UInt32] {
  let bytes = framePixels(frames, moment)
  let count = bytes.count / 4
  // A plain loop over a buffer: the debug build's `map` over a million pixels took seconds.
  return [UInt32](unsafeUninitializedCapacity: count) { colours, initialized in
    bytes.withUnsafeBufferPointer { bytes in
      for index in 0..<count {
        let offset = index * 4
        colours[index] =
          UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset])
      }
    }
    initialized = count
  }
}

/// How much of each pixel the glyphs of the labels cover (0 to 255), drawn alone where the
/// frames draw them (each within its bar), row by row.
private func labelCoverage(
  _ keys: [DrawnKey], layout: InstrumentLayout, width: Int, height: Int
) -> [UInt8] {
  let canvas = Canvas(width: width, height: height)
  for (bar, key) in keys.enumerated() {
    let size = layout.labelSizes[bar]
    canvas.text(
      key.title, at: InstrumentFrames.labelBaseline(in: layout.bars[bar], size: size),
      size: size, Colour(hex: 0xFFFFFF), weight: .bold, alignment: .center)
  }
  cairo_surface_flush(canvas.surface)
  let stride = Int(cairo_image_surface_get_stride(canvas.surface))
  guard let data = cairo_image_surface_get_data(canvas.surface) else { return [] }
  let words = UnsafeRawPointer(data)
  var coverage = [UInt8](repeating: 0, count: width * height)
  for y in 0..<height {
    for x in 0..<width {
      coverage[y * width + x] = UInt8(
        words.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) >> 24)
    }
  }
  return coverage
}

/// A label as drawn: the colours inside its glyphs, and the pixels around them: those within
/// 0.12 of its size of its glyphs' box, a pixel or two inside its bar, that no glyph touches.
private struct DrawnLabel {
  var colour: Set<UInt32> = []
  var around: [UInt32] = []
}

private func drawnLabel(
  in picture: [UInt32], coverage: [UInt8], bar: Rect, size: Double, width: Int
) -> DrawnLabel? {
  let columns = (Int(bar.x.rounded(.up)) + 1)...(Int(bar.maxX.rounded(.down)) - 2)
  let rows = (Int(bar.y.rounded(.up)) + 1)...(Int(bar.maxY.rounded(.down)) - 2)
  var box: (left: Int, right: Int, top: Int, bottom: Int)?
  for y in rows {
    for x in columns where coverage[y * width + x] > 0 {
      box = (
        min(box?.left ?? x, x), max(box?.right ?? x, x), min(box?.top ?? y, y),
        max(box?.bottom ?? y, y)
      )
    }
  }
  guard let box else { return nil }
  let margin = Int((0.12 * size).rounded(.down))
  var label = DrawnLabel()
  for y in max(box.top - margin, rows.lowerBound)...min(box.bottom + margin, rows.upperBound) {
    for x in max(
      box.left - margin, columns.lowerBound)...min(
        box.right + margin, columns.upperBound)
    {
      let index = y * width + x
      if coverage[index] == 255 { label.colour.insert(picture[index]) }
      if coverage[index] == 0 { label.around.append(picture[index]) }
    }
  }
  return label
}

@Suite struct StageReadabilityTests {
  /// Every bar struck at once (the most light there is: each bar's glow reaches its
  /// neighbours), on the tap's picture and on pictures through the glow's fading.
  @Test(arguments: StageInstrument.allCases, stageShapes)
  func everyStruckLabelKeepsFourAndAHalfToOneAgainstThePixelsAroundIt(
    instrument: StageInstrument, shape: (Int, Int)
  ) throws {
    let (width, height) = shape
    let keys = instrument.keys
    let frames = try InstrumentFrames(
      look: InstrumentLook(
        keys: keys, title: "Frère Jacques", style: .stage, arrangement: instrument.arrangement),
      width: width, height: height)
    let layout = InstrumentLayout(
      keys: keys, width: width, height: height, hasTitle: true,
      arrangement: instrument.arrangement, style: .stage)
    let coverage = labelCoverage(keys, layout: layout, width: width, height: height)
    let tap: Int64 = 600
    let everyBar = Set(keys.indices)
    var least = [Double](repeating: .infinity, count: keys.count)
    for picture in [tap, tap + 1, tap + 3, tap + 6, tap + 9, tap + 12] {
      let struck = moment(
        picture, keys.indices.map { .init(bar: $0, picture: tap) }, dimmed: everyBar,
        count: keys.count)
      let pixels = colours(frames, struck)
      for (bar, key) in keys.enumerated() {
        let label = try #require(
          drawnLabel(
            in: pixels, coverage: coverage, bar: layout.bars[bar],
            size: layout.labelSizes[bar], width: width))
        // The glyphs' inside is one colour, white or black, laid opaque.
        #expect(label.colour.count == 1, "\(key.title) at \(picture - tap)")
        let colour = try #require(label.colour.first)
        #expect([0xFFFFFF, 0x000000].contains(colour), "\(key.title)")
        #expect(!label.around.isEmpty)
        let ratio = Set(label.around).map { Contrast.ratio(colour, $0) }.min() ?? 0
        least[bar] = min(least[bar], ratio)
        #expect(ratio >= 4.5, "\(key.title) \(picture - tap) pictures after its tap: \(ratio)")
      }
    }
    print(
      "least contrast, \(instrument.rawValue) \(width)x\(height):",
      zip(keys, least).map { "\($0.title) \(($1 * 100).rounded() / 100)" }.joined(separator: ", "))
  }

  /// At rest, over the drifting light, no label needs a plate: the labelled picture differs
  /// from the blank one only where glyphs are.
  @Test(arguments: [StageInstrument.appButtons, .xylophone31], stageShapes)
  func aLabelAtRestHasNoPlate(instrument: StageInstrument, shape: (Int, Int)) throws {
    let (width, height) = shape
    let keys = instrument.keys
    func pixels(labels: Bool) throws -> [UInt32] {
      let look = InstrumentLook(
        keys: keys, title: "Frère Jacques", showsLabels: labels, style: .stage,
        arrangement: instrument.arrangement)
      let frames = try InstrumentFrames(look: look, width: width, height: height)
      return colours(frames, moment(600, [], count: keys.count))
    }
    let layout = InstrumentLayout(
      keys: keys, width: width, height: height, hasTitle: true,
      arrangement: instrument.arrangement, style: .stage)
    let coverage = labelCoverage(keys, layout: layout, width: width, height: height)
    let (labelled, blank) = (try pixels(labels: true), try pixels(labels: false))
    let changed = labelled.indices.filter { labelled[$0] != blank[$0] }
    #expect(!changed.isEmpty)
    #expect(changed.allSatisfy { coverage[$0] > 0 }, "\(changed.count) pixels changed")
  }

  /// A lit bar's label gets a plate only as opaque as it needs, and none at rest.
  @Test func aPlateIsOnlyAsOpaqueAsTheLabelNeeds() {
    let white = Colour(hex: 0xFFFFFF)
    let plate = Colour(hex: 0x3949AB).mixed(with: Colour(hex: 0), by: StageLabels.plateShade)
    // Indigo at rest over the dark stage: white keeps 4.5:1 bare.
    #expect(StageLabels.plateOpacity(label: white, plate: plate, under: [0x2C3680]) == 0)
    // Washed with light: white would be 2.3:1 on the lightest pixel.
    let under: [UInt32] = [0x2C3680, 0x6B7AF0, 0x9AA6FF]
    let opacity = StageLabels.plateOpacity(label: white, plate: plate, under: under)
    #expect(opacity > 0 && opacity < 1)
    for colour in under {
      let shown = plate.composited(alpha: opacity, over: Colour(hex: colour))
      #expect(white.contrastRatio(with: shown) >= StageLabels.aim)
      let lighter = plate.composited(alpha: opacity - 1.0 / 64, over: Colour(hex: colour))
      if colour == 0x9AA6FF { #expect(white.contrastRatio(with: lighter) < StageLabels.aim) }
    }
  }
}
