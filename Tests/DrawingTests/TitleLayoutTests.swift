import Testing

@testable import Drawing

/// Titles in the video's frames and on the pictures: within 92% of a frame's width, on two
/// lines before they are shortened, above the keys.
@Suite struct TitleLayoutTests {
  static let jeanie = "Jeanie With The Light Brown Hair"
  static let veryLong = String(repeating: "Jeanie With The Light Brown Hair ", count: 12)
  /// 40,392 characters.
  static let huge = String(repeating: veryLong, count: 102)
  /// Frames of the three shapes, small enough to draw quickly.
  static let shapes = [(640, 360), (360, 640), (480, 480)]

  @Test func aLongTitleInNineBySixteenKeepsEveryWordOnTwoLines() throws {
    let frames = try InstrumentFrames(
      look: InstrumentLook(keys: eightKeys, title: Self.jeanie), width: 1_080, height: 1_920)
    let title = try #require(frames.title)
    #expect(title.lines == ["Jeanie With The", "Light Brown Hair"])
    #expect(title.size > 0.95 * frames.layout.titleSize)
  }

  @Test func aShortTitleIsOneLineAtTheSizeItAlwaysHad() throws {
    let frames = try InstrumentFrames(
      look: InstrumentLook(keys: eightKeys, title: "Twinkle"), width: 360, height: 640)
    #expect(frames.title == TitleFit(lines: ["Twinkle"], size: 0.055 * 640))
    #expect(
      frames.layout == InstrumentLayout(keys: eightKeys, width: 360, height: 640, hasTitle: true))
  }

  @Test(
    arguments: [KeyArrangement.buttons, .xylophone], [InstrumentStyle.app, .stage])
  func everyTitleFitsAboveTheKeysInEveryShape(arrangement: KeyArrangement, style: InstrumentStyle)
    throws
  {
    let keys =
      arrangement == .buttons
      ? eightKeys : (60...84).map { DrawnKey(title: "K\($0)", midiNote: $0) }
    for (width, height) in Self.shapes {
      for title in ["Twinkle", Self.jeanie, Self.veryLong, Self.huge] {
        let frames = try InstrumentFrames(
          look: InstrumentLook(
            keys: keys, title: title, showsLabels: false, style: style, arrangement: arrangement),
          width: width, height: height)
        let fit = try #require(frames.title)
        let shape = "\(width)x\(height) \(title.prefix(10))"
        let measure = Canvas(width: 1, height: 1)
        for line in fit.lines {
          #expect(
            measure.textWidth(line, size: fit.size, weight: .bold) <= 0.92 * Double(width),
            "\(shape)")
        }
        if title.count < 100 {
          #expect(fit.lines.joined(separator: " ") == title, "\(shape)")
        } else {
          #expect(fit.lines.count == 2 && fit.lines[1].hasSuffix("…"), "\(shape)")
          #expect(fit.size >= 0.45 * frames.layout.titleSize)
        }
        // The title block (its last line's descenders) ends above the highest bar.
        let bottom = try #require(frames.layout.titleBaselines.last).y + 0.3 * fit.size
        let barsTop = frames.layout.bars.map(\.y).min() ?? 0
        #expect(bottom < barsTop, "\(shape)")
        #expect(frames.layout.titleBaselines.count == fit.lines.count)
        if style == .app {
          // The title's white letters: within the frame's middle 92%, above the bars.
          let bright = brightPixels(framePixels(frames, still(keys.count)), width: width)
          #expect(bright.allSatisfy { $0.y < Int(barsTop) }, "\(shape)")
          #expect(
            bright.allSatisfy {
              Double($0.x) >= 0.04 * Double(width) - 1
                && Double($0.x) <= 0.96 * Double(width) + 1
            }, "\(shape)")
          #expect(!bright.isEmpty)
        }
      }
    }
  }

  @Test func aPicturesLongTitleTakesTwoLinesAndTheRollMovesDown() throws {
    try CairoLibrary.open(for: "picture")
    let keys = [DrawnKey(title: "C", midiNote: 84)]
    let taps = [ScorePicture.Tap(seconds: 1, key: "C", gain: 1)]
    let short = ScorePicture(title: "Small", keys: keys, taps: taps, duration: 4)
    var long = short
    long.title = Self.jeanie + " And Other Songs Of Stephen Foster"
    let canvas = Canvas(width: 400, height: 300)
    let roll = PianoRoll(keys: keys, taps: taps)
    let plain = short.heading(on: canvas, keyCount: 1)
    #expect(plain.drop == 0 && plain.title?.lines == ["Small"] && plain.title?.size == 20)
    #expect(short.layout(on: canvas, roll: roll).roll.y == ScorePictureLayout.top)
    let heading = long.heading(on: canvas, keyCount: 1)
    let title = try #require(heading.title)
    #expect(title.lines.joined(separator: " ") == long.title)
    #expect(title.lines.count == 2 && title.size >= PictureHeading.smallestSize)
    for line in title.lines {
      #expect(canvas.textWidth(line, size: title.size, weight: .bold) <= 400 - 32)
    }
    #expect(heading.drop > 20)
    #expect(long.layout(on: canvas, roll: roll).roll.y == ScorePictureLayout.top + heading.drop)
  }

  @Test func aGoldenPicturesLongNameIsShortenedOnItsOneLine() throws {
    try CairoLibrary.open(for: "picture")
    let canvas = Canvas(width: 800, height: 300)
    let heading = PictureHeading(
      title: Self.veryLong, details: "48000 Hz · mono · 3.000 s (144000 frames)", width: 800,
      baseline: 36, lineCount: 1, measuring: canvas)
    let title = try #require(heading.title)
    #expect(title.lines.count == 1 && title.lines[0].hasSuffix("…"))
    #expect(heading.drop == 0)
    let detailsWidth = canvas.textWidth(heading.details, size: PictureHeading.detailsSize)
    #expect(heading.detailsOrigin.x + detailsWidth <= 800 - 16)
  }

  /// A still with no key dimmed.
  private func still(_ count: Int) -> InstrumentMoment {
    InstrumentMoment(
      picture: 0, framesPerSecond: 30, dimmed: [Bool](repeating: false, count: count))
  }

  /// The pixels of a frame all of whose channels are above 200: the title's white letters.
  private func brightPixels(_ bytes: [UInt8], width: Int) -> [(x: Int, y: Int)] {
    // Through the buffer: closures a pixel are several times slower in the debug build.
    bytes.withUnsafeBufferPointer { bytes in
      var found: [(x: Int, y: Int)] = []
      for offset in stride(from: 0, to: bytes.count - 3, by: 4)
      where bytes[offset] > 200 && bytes[offset + 1] > 200 && bytes[offset + 2] > 200 {
        found.append((x: offset / 4 % width, y: offset / 4 / width))
      }
      return found
    }
  }
}
