import AudioBasics
import Foundation
import TestSupport
import Testing

@testable import Drawing

/// The piano roll of a score: one shape a tap in its key's colour, sized by its gain, at its
/// time; PNG or SVG by the name; the same bytes every time.
@Suite struct ScorePictureTests {
  private static let keys = [
    DrawnKey(title: "G", midiNote: 91), DrawnKey(title: "C", midiNote: 84),
    DrawnKey(title: "E", midiNote: 88),
  ]

  /// C twice, E once, G three times, and a key without a pitch.
  private static let picture = ScorePicture(
    title: "Small", keys: keys,
    taps: [
      .init(seconds: 0, key: "C", gain: 1), .init(seconds: 0.5, key: "E", gain: 0.5),
      .init(seconds: 1, key: "G", gain: 1), .init(seconds: 1.25, key: "G", gain: 0.25),
      .init(seconds: 1.5, key: "G", gain: 2), .init(seconds: 2, key: "C", gain: 1),
      .init(seconds: 2.5, key: "kick", gain: 1),
    ], duration: 3, barTimes: [0, 1, 2, 3])

  private func hex(_ colour: Colour) -> UInt32 {
    [colour.red, colour.green, colour.blue].reduce(0) { $0 << 8 | UInt32(($1 * 255).rounded()) }
  }

  private func svgShapes(_ picture: ScorePicture, width: Int = 800, height: Int = 300) throws
    -> [SVGShape]
  {
    let path = try temporaryFolder() + "/roll.svg"
    try picture.write(to: path, width: width, height: height)
    return SVGShape.filled(in: try String(contentsOfFile: path, encoding: .utf8))
  }

  @Test func eachTapIsExactlyOneSVGShapeInItsKeysColour() throws {
    let shapes = try svgShapes(Self.picture)
    for key in Self.keys {
      let taps = Self.picture.taps.filter { $0.key == key.title }.count
      #expect(shapes.filter { $0.fill == hex(key.colour) }.count == taps, "\(key.title)")
    }
    #expect(shapes.filter { $0.fill == hex(PianoRoll.unpitched) }.count == 1)
    #expect(shapes.allSatisfy { $0.opacity == 1 })
  }

  @Test func rowsRunFromTheLowestPitchAtTheBottomWithUnpitchedKeysOnTop() {
    let roll = PianoRoll(keys: Self.keys, taps: Self.picture.taps)
    #expect(roll.rows.map(\.title) == ["kick", "G", "E", "C"])
    #expect(roll.rowOfTap == [3, 2, 1, 1, 1, 3, 0])
  }

  @Test func louderTapsHaveLargerMarksAndGainOneFillsTheRow() throws {
    let gains = [0, 0.01, 0.25, 0.5, 1, 2, 4]
    let taps = gains.enumerated().map {
      ScorePicture.Tap(seconds: Double($0.offset), key: "C", gain: $0.element)
    }
    let picture = ScorePicture(
      title: nil, keys: [DrawnKey(title: "C", midiNote: 84)], taps: taps, duration: 8)
    let marks = try svgShapes(picture, width: 1000, height: 300).filter {
      $0.fill == hex(Palette.keys[0])
    }
    try #require(marks.count == gains.count)
    let areas = marks.map { $0.width * $0.height }
    #expect(zip(areas, areas.dropFirst()).allSatisfy { $0 < $1 }, "\(areas)")
    // One row 206 pixels tall (300 less the title line and the axis), margins of 21; Cairo
    // writes coordinates to 6 decimals.
    let sizes = marks.map { [$0.width, $0.height] }
    let expected = [
      [2, 2], [16.4, 16.4], [82, 82], [115.965, 115.965], [164, 164], [328, 164],
    ]
    for (size, wanted) in zip(sizes, expected) {
      #expect(abs(size[0] - wanted[0]) < 0.01 && abs(size[1] - wanted[1]) < 0.01, "\(size)")
    }
    #expect(abs(sizes[6][0] - 656) < 0.01 && abs(sizes[6][1] - 164) < 0.01)
  }

  @Test(arguments: PictureFormat.allCases)
  func theSamePictureGivesTheSameBytesTwice(format: PictureFormat) throws {
    let folder = try temporaryFolder()
    let first = folder + "/first." + format.rawValue
    let second = folder + "/second." + format.rawValue
    try Self.picture.write(to: first)
    try Self.picture.write(to: second)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
    #expect(bytes.count > 1000)
    #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
  }

  @Test(arguments: ["roll.jpg", "roll", "roll.svg.txt", "folder.png/roll", ".png"])
  func aNameOfNeitherFormatIsAnErrorNamingThePath(name: String) throws {
    let path = try temporaryFolder() + "/" + name
    #expect(
      throws: DrawingError(path: path, reason: "a picture's name must end in '.png' or '.svg'")
    ) {
      try Self.picture.write(to: path)
    }
  }

  @Test(arguments: ["roll.PNG", "roll.Svg"])
  func theExtensionMayBeInAnyCase(name: String) throws {
    let path = try temporaryFolder() + "/" + name
    try Self.picture.write(to: path)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func aMarkIsInItsKeysColourAtItsTimesXInThePNG() throws {
    let path = try temporaryFolder() + "/roll.png"
    try Self.picture.write(to: path, width: 900, height: 320)
    let pixels = try #require(PNGPixels(path: path))
    #expect(pixels.width == 900 && pixels.height == 320)
    let roll = PianoRoll(keys: Self.keys, taps: Self.picture.taps)
    let layout = Self.picture.layout(on: Canvas(width: 900, height: 320), roll: roll)
    for (index, tap) in Self.picture.taps.enumerated() where tap.gain >= 1 {
      let x = layout.x(seconds: tap.seconds)
      let mark = roll.markRect(ofTap: index, x: x, in: layout.roll)
      #expect(mark.x == x)
      let colour = hex(roll.rows[roll.rowOfTap[index]].colour)
      let y = Int(mark.midY)
      #expect(pixels.rgb(x: Int(x) + 3, y: y) == colour, "tap \(index) at \(tap.seconds) s")
      #expect(pixels.rgb(x: Int(mark.maxX) - 3, y: y) == colour, "tap \(index)")
      #expect(pixels.rgb(x: Int(x) - 2, y: y) != colour, "tap \(index) starts at its time")
    }
  }

  @Test func secondsAreMarkedEveryHalfSecondOnAThreeSecondRoll() throws {
    let axis = TimeAxis(seconds: 3, pixels: 800, minimumSpacing: 70)
    #expect(axis.ticks == [0, 0.5, 1, 1.5, 2, 2.5, 3])
    #expect(axis.label(1.5) == "1.5 s")
  }

  @Test(arguments: [(3.0, 3, 640, 200), (28.8, 7, 1908, 304), (600, 40, 4096, 1294)])
  func theDefaultSizeGrowsWithTheLengthAndTheKeysUpToACap(
    seconds: Double, keys: Int, width: Int, height: Int
  ) {
    let drawn = (0..<keys).map { DrawnKey(title: "K\($0)", midiNote: 60 + $0) }
    let size = ScorePicture(title: nil, keys: drawn, taps: [], duration: seconds).defaultSize
    #expect(size.width == width && size.height == height)
  }

  @Test func anEmptyScoreIsDrawn() throws {
    let empty = ScorePicture(title: "", keys: [], taps: [], duration: 0)
    #expect(try svgShapes(empty).count > 0)
  }

  @Test func theGoldenPictureShowsTheScoresTapsOnItsTimeAxis() throws {
    var golden = SyntheticGolden.picture()
    let notes = [72, 76, 79, 84, 79, 76, 72]
    let keys = Set(notes).map { DrawnKey(title: NoteName.name(of: $0), midiNote: $0) }
    let taps = notes.enumerated().map {
      ScorePicture.Tap(
        seconds: 0.4 * Double($0.offset), key: NoteName.name(of: $0.element), gain: 1)
    }
    golden.score = ScorePicture(title: nil, keys: keys, taps: taps, duration: 3)
    let path = try temporaryFolder() + "/golden.png"
    try golden.write(to: path)
    let pixels = try #require(PNGPixels(path: path))
    let layout = PictureLayout(width: 1200, height: 720, withSpectrogram: true, withTaps: true)
    let lane = try #require(layout.tapLane)
    #expect(lane.maxY < layout.lanes[0].y && lane.height == layout.lanes[0].height)
    let roll = PianoRoll(keys: keys, taps: taps)
    for (index, tap) in taps.enumerated() {
      let x = layout.x(seconds: tap.seconds, duration: 3)
      let mark = roll.markRect(ofTap: index, x: x, in: lane)
      let colour = hex(roll.rows[roll.rowOfTap[index]].colour)
      #expect(pixels.rgb(x: Int(x) + 2, y: Int(mark.midY)) == colour, "tap \(index)")
    }
  }
}
