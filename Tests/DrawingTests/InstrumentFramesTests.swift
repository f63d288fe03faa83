import Drawing
import Foundation
import TestSupport
import Testing

/// The app's seven keys, C6 to B6, as the video draws them.
private let appKeys = [("C", 84), ("D", 86), ("E", 88), ("F", 89), ("G", 91), ("A", 93), ("B", 95)]
  .map { DrawnKey(title: $0.0, midiNote: $0.1) }

/// A still picture with the keys `dimmed` marks.
private func moment(_ dimmed: [Bool]) -> InstrumentMoment {
  InstrumentMoment(picture: 0, framesPerSecond: 30, dimmed: dimmed)
}

/// The pixel at (x, y) of a frame, as straight (not premultiplied) red, green and blue.
private func pixel(_ frames: InstrumentFrames, dimmed: [Bool], x: Int, y: Int) -> [Int] {
  var value: UInt32 = 0
  frames.frame(moment(dimmed)) { pixels, stride in
    value = pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
  }
  return [Int((value >> 16) & 0xFF), Int((value >> 8) & 0xFF), Int(value & 0xFF)]
}

@Suite struct InstrumentFramesTests {
  @Test func aLongTitleIsFittedWithinTheFrameNotClippedAtItsEdges() throws {
    let (width, height) = (180, 320)
    let frames = try InstrumentFrames(
      look: InstrumentLook(
        keys: appKeys, title: String(repeating: "Twinkle Twinkle Little Star ", count: 3),
        showsLabels: false), width: width, height: height)
    let resting = [Bool](repeating: false, count: 7)
    // The title's band: its baseline is 9.5% down, its letters at most 5.5% of the height.
    let band = Int(0.03 * Double(height))..<Int(0.11 * Double(height))
    var brightestAtEdges = 0
    var brightestInside = 0
    for y in band {
      for x in [0, 1, 2, 3, width - 4, width - 3, width - 2, width - 1] {
        brightestAtEdges = max(brightestAtEdges, pixel(frames, dimmed: resting, x: x, y: y).min()!)
      }
      for x in stride(from: width / 4, to: 3 * width / 4, by: 1) {
        brightestInside = max(brightestInside, pixel(frames, dimmed: resting, x: x, y: y).min()!)
      }
    }
    // White letters inside the frame, the dark background alone at its edges.
    #expect(brightestInside > 200)
    #expect(brightestAtEdges < 100)
  }

  @Test func aDimmedKeyIsFainterOverTheBackgroundAndTheOthersAreUntouched() throws {
    let frames = try InstrumentFrames(
      look: InstrumentLook(keys: appKeys, title: "Twinkle", showsLabels: false), width: 320,
      height: 180)
    let resting = [Bool](repeating: false, count: 7)
    var struck = resting
    struck[0] = true
    // The middle of C's bar (the top one) and of B's (the bottom one).
    let (x, cY, bY) = (160, 37, 156)
    let cAtRest = pixel(frames, dimmed: resting, x: x, y: cY)
    let cStruck = pixel(frames, dimmed: struck, x: x, y: cY)
    // Red at alpha 0.7 over a dark background, then at 0.5: less red.
    #expect(cAtRest[0] > 150 && cAtRest[0] > cAtRest[1] + 80, "\(cAtRest)")
    #expect(cStruck[0] < cAtRest[0] - 30, "\(cStruck) vs \(cAtRest)")
    #expect(
      pixel(frames, dimmed: struck, x: x, y: bY) == pixel(frames, dimmed: resting, x: x, y: bY))
  }

  @Test func barsShortenWithPitchAndAStillIsAPNG() throws {
    let keys =
      (appKeys + [DrawnKey(title: "HighC", midiNote: 96), DrawnKey(title: "F#6", midiNote: 90)])
      .sorted { $0.midiNote < $1.midiNote }
    let frames = try InstrumentFrames(
      look: InstrumentLook(keys: keys, title: "Scale"), width: 1280, height: 720)
    let path = try temporaryFolder() + "/still.png"
    var dimmed = [Bool](repeating: false, count: keys.count)
    dimmed[2] = true
    try frames.writePNG(moment(dimmed), to: path)
    let header = PNGHeader(bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(header?.width == 1280 && header?.height == 720)
    try? FileManager.default.removeItem(atPath: "/tmp/still.png")
    try? FileManager.default.copyItem(atPath: path, toPath: "/tmp/still.png")
  }

  @Test func aBackgroundPictureIsScaledToCoverTheFrame() throws {
    // Two pixels, red and blue, cover a 64x36 frame: red on the left, blue on the right,
    // beside the bars (which leave 6% of the width free at each side).
    let red: [UInt8] = [0, 0, 0xE0, 0xFF]
    let blue: [UInt8] = [0xE0, 0, 0, 0xFF]
    let picture = try #require(BackgroundPicture(width: 2, height: 1, pixels: red + blue))
    let frames = try InstrumentFrames(
      look: InstrumentLook(keys: appKeys, showsLabels: false, background: picture), width: 64,
      height: 36)
    let resting = [Bool](repeating: false, count: 7)
    let left = pixel(frames, dimmed: resting, x: 0, y: 18)
    let right = pixel(frames, dimmed: resting, x: 63, y: 18)
    #expect(left[0] > 200 && left[2] < 40, "\(left)")
    #expect(right[2] > 200 && right[0] < 40, "\(right)")
  }

  @Test(arguments: [KeyArrangement.buttons, .xylophone], [(640, 360), (360, 640)])
  func redrawingOnlyTheBarsThatChangedGivesThePixelsOfAFreshDrawing(
    arrangement: KeyArrangement, size: (Int, Int)
  ) throws {
    let keys =
      (appKeys + [DrawnKey(title: "HighC", midiNote: 96), DrawnKey(title: "F#6", midiNote: 90)])
      .sorted { $0.midiNote < $1.midiNote }
    let look = InstrumentLook(keys: keys, title: "Twinkle", arrangement: arrangement)
    let (width, height) = size
    let reused = try InstrumentFrames(look: look, width: width, height: height)
    func pixels(_ frames: InstrumentFrames, _ dimmed: [Bool]) -> [UInt8] {
      var copied: [UInt8] = []
      frames.frame(moment(dimmed)) { pixels, stride in
        for row in 0..<height {
          copied += pixels[(row * stride)..<(row * stride + width * 4)]
        }
      }
      return copied
    }
    let dimmings: [Set<Int>] = [[], [0], [0, 4], [4], [], [8], [3, 4, 5], Set(keys.indices), []]
    for bars in dimmings {
      let dimmed = keys.indices.map { bars.contains($0) }
      let fresh = try InstrumentFrames(look: look, width: width, height: height)
      #expect(pixels(reused, dimmed) == pixels(fresh, dimmed), "dimmed \(bars.sorted())")
    }
  }
}
