import AudioBasics
import Drawing
import Testing

@testable import Exports

/// The page's xylophone: each bar's touch area, and the shape chosen for the keyboard's aspect.
@Suite struct PageXylophoneTests {
  /// Every key from F4 to F7: 37 keys, 22 of them naturals.
  static let chromatic = (65...101).map { DrawnKey(title: NoteName.name(of: $0), midiNote: $0) }
  /// The naturals from C5 to C7: 15 keys in one row.
  static let naturals = (72...96).filter { !KeyboardLook.isSharp(midiNote: $0) }.map {
    DrawnKey(title: NoteName.name(of: $0), midiNote: $0)
  }

  /// The shape drawn on a keyboard `aspect` times as wide as tall.
  private func shape(of keys: [DrawnKey], aspect: Double) -> XylophoneShape? {
    xylophoneShapes(keys).last { ($0.from ?? 0) <= Int((aspect * 1_000).rounded()) }?.shape
  }

  @Test(arguments: [chromatic, naturals])
  func touchAreasWidenEachBarAlongItsRowAndNeverOverlap(keys: [DrawnKey]) throws {
    for (width, height) in XylophoneShape.sizes {
      let shape = XylophoneShape(keys: keys, width: width, height: height)
      for (index, (bar, target)) in zip(shape.bars, shape.targets).enumerated() {
        // The bar is 86% of its area along the row, centred, and all of it across.
        let (along, alongBar) =
          shape.turned ? (target.height, bar.height) : (target.width, bar.width)
        #expect(abs(alongBar / along - 0.86) < 1e-9, "\(width)x\(height) \(index)")
        #expect(abs(target.x + target.width / 2 - (bar.x + bar.width / 2)) < 1e-9)
        #expect(abs(target.y + target.height / 2 - (bar.y + bar.height / 2)) < 1e-9)
        // Inside the frame the page shows.
        #expect(target.x >= shape.frame.x - 1e-9 && target.y >= shape.frame.y - 1e-9)
        #expect(target.x + target.width <= shape.frame.x + shape.frame.width + 1e-9)
        #expect(target.y + target.height <= shape.frame.y + shape.frame.height + 1e-9)
        for other in shape.targets[..<index] {
          let across = min(target.x + target.width, other.x + other.width) - max(target.x, other.x)
          let down = min(target.y + target.height, other.y + other.height) - max(target.y, other.y)
          #expect(min(across, down) < 1e-6, "\(width)x\(height): \(index) overlaps")
        }
      }
    }
  }

  @Test func aKeyboardOfEachAspectGetsTheShapeWithTheLargestTouchAreas() throws {
    for aspect in [0.4, 0.56, 0.75, 1, 1.5, 2, 3, 4.5] {
      let chosen = try #require(shape(of: Self.chromatic, aspect: aspect))
      let best =
        XylophoneShape.sizes.map {
          XylophoneShape(keys: Self.chromatic, width: $0.0, height: $0.1).fit(aspect: aspect).target
        }.max() ?? 0
      #expect(chosen.fit(aspect: aspect).target >= 0.97 * best, "\(aspect)")
    }
    // Turned a quarter on a phone held upright, upright on one held sideways.
    #expect(shape(of: Self.chromatic, aspect: 0.56)?.turned == true)
    #expect(shape(of: Self.chromatic, aspect: 3)?.turned == false)
  }

  @Test func fifteenNaturalsTakeFortyFourPixelsEachOnAPhoneHeldUpright() throws {
    // The keyboard a 390x844 phone leaves under a two-line title and an artist, over the
    // compact controls: 370x663 CSS pixels.
    let chosen = try #require(shape(of: Self.naturals, aspect: 370.0 / 663))
    #expect(chosen.turned)
    let pixels = chosen.fit(aspect: 370.0 / 663).target * 663
    #expect(pixels >= 44 && pixels < 44.5, "\(pixels)")
  }
}
