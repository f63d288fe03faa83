import AudioBasics
import Testing

@testable import Drawing

/// Every key colour: C6 to B6, the app's seven naturals and the five sharps between them.
private let chromatic = (84...95).map { DrawnKey(title: NoteName.name(of: $0), midiNote: $0) }

/// A frame's pixels as `0xRRGGBB`, row by row (the frames are opaque over the gradient).
private func pixels(_ frames: InstrumentFrames, dimmed: Bool, count: Int) -> [UInt32] {
  var values: [UInt32] = []
  let moment = InstrumentMoment(
    picture: 0, framesPerSecond: 30, dimmed: [Bool](repeating: dimmed, count: count))
  frames.frame(moment) { bytes, stride in
    for y in 0..<frames.height {
      for x in 0..<frames.width {
        values.append(bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xFF_FFFF)
      }
    }
  }
  return values
}

/// For each bar of `keys` drawn at `width`×`height`: the label's pixel (the one a label
/// changes most) and the bar's pixel there without the label, measured on drawn frames.
private func labelAndBarPixels(
  _ keys: [DrawnKey], arrangement: KeyArrangement, width: Int, height: Int, dimmed: Bool
) throws -> [(label: UInt32, bar: UInt32)] {
  func frames(labels: Bool) throws -> [UInt32] {
    let look = InstrumentLook(keys: keys, showsLabels: labels, arrangement: arrangement)
    return pixels(
      try InstrumentFrames(look: look, width: width, height: height), dimmed: dimmed,
      count: keys.count)
  }
  let (labelled, plain) = (try frames(labels: true), try frames(labels: false))
  let layout = InstrumentLayout(
    keys: keys, width: width, height: height, hasTitle: false, arrangement: arrangement)
  func difference(_ first: UInt32, _ second: UInt32) -> Int {
    func channel(_ shift: UInt32) -> Int {
      abs(Int((first >> shift) & 0xFF) - Int((second >> shift) & 0xFF))
    }
    return channel(16) + channel(8) + channel(0)
  }
  return layout.bars.map { bar in
    var best = (label: UInt32(0), bar: UInt32(0), difference: -1)
    for y in Int(bar.y.rounded(.up))..<Int(bar.maxY) {
      for x in Int(bar.x.rounded(.up))..<Int(bar.maxX) {
        let index = y * width + x
        let change = difference(labelled[index], plain[index])
        if change > best.difference { best = (labelled[index], plain[index], change) }
      }
    }
    return (best.label, best.bar)
  }
}

@Suite struct LabelContrastTests {
  @Test func contrastIsWCAGsRatioOfRelativeLuminances() {
    #expect(Contrast.ratio(0xFFFFFF, 0x000000) == 21)
    #expect(Contrast.ratio(0x000000, 0xFFFFFF) == 21)
    #expect(Contrast.ratio(0xE53935, 0xE53935) == 1)
    // #767676 is the lightest grey WCAG passes on white: 4.54:1; #777777 fails at 4.48.
    #expect(abs(Contrast.ratio(0x767676, 0xFFFFFF) - 4.54) < 0.005)
    #expect(abs(Contrast.ratio(0x777777, 0xFFFFFF) - 4.48) < 0.005)
  }

  /// Each key over the gradient's top and bottom, at rest and dimmed, reckoned from the look.
  @Test(arguments: [KeyboardLook.backgroundGradient.top, KeyboardLook.backgroundGradient.bottom])
  func everyKeysLabelKeepsFourAndAHalfToOneOverTheGradient(background: UInt32) {
    for key in chromatic {
      let colours = KeyboardLook.colours(of: key, over: background)
      for shown in [colours.resting, colours.dimmed] {
        #expect(shown.contrast >= 4.5, "\(key.title) at \(shown.alpha)")
        #expect([0xFFFFFF, 0x000000].contains(shown.label))
        #expect(abs(Contrast.ratio(shown.label, shown.bar) - shown.contrast) < 1e-12)
      }
    }
  }

  /// Measured on drawn frames: the twelve colours stacked top to bottom and bottom to top (each
  /// near the gradient's top and its bottom), at rest and dimmed.
  @Test(arguments: [false, true], [false, true])
  func labelsKeepFourAndAHalfToOneOnDrawnButtons(bottomUp: Bool, dimmed: Bool) throws {
    let keys = bottomUp ? chromatic.reversed() : chromatic
    let measured = try labelAndBarPixels(
      keys, arrangement: .buttons, width: 640, height: 1_200, dimmed: dimmed)
    for (key, pixels) in zip(keys, measured) {
      let ratio = Contrast.ratio(pixels.label, pixels.bar)
      // The label's inside is exactly its colour, laid opaque over the bar.
      #expect([0xFFFFFF, 0x000000].contains(pixels.label), "\(key.title)")
      #expect(ratio >= 4.5, "\(key.title): \(ratio)")
    }
  }

  /// Measured on drawn frames of a xylophone of three octaves, upright and turned.
  @Test(arguments: [(1_280, 720), (1_080, 1_920)], [false, true])
  func labelsKeepFourAndAHalfToOneOnADrawnXylophone(size: (Int, Int), dimmed: Bool) throws {
    let keys = DrawnKey.xylophone(playing: 65...101)
    let measured = try labelAndBarPixels(
      keys, arrangement: .xylophone, width: size.0, height: size.1, dimmed: dimmed)
    for (key, pixels) in zip(keys, measured) {
      let ratio = Contrast.ratio(pixels.label, pixels.bar)
      #expect([0xFFFFFF, 0x000000].contains(pixels.label), "\(key.title)")
      #expect(ratio >= 4.5, "\(key.title): \(ratio)")
    }
  }

  @Test func aLabelIsWhiteWhereWhiteKeepsTheContrastElseBlack() {
    // Yellow at rest over the gradient's top: white would be 2.4:1.
    #expect(KeyboardLook.labelColour(onBarShowing: [0xBAA535]) == 0x000000)
    #expect(KeyboardLook.labelColour(onBarShowing: [0x2E3A87]) == 0xFFFFFF)
    // Neither keeps 4.5:1 against both: the one whose worst is better.
    #expect(KeyboardLook.labelColour(onBarShowing: [0xFFFFFF, 0x767676]) == 0x000000)
  }
}
