import Drawing
import Testing

@testable import Exports

/// The stage style's light on a struck bar, over the pictures `PictureSchedule` decides.
@Suite struct StageGlowTimingTests {
  private let keys = [("C", 84), ("D", 86), ("E", 88), ("F", 89), ("G", 91), ("A", 93), ("B", 95)]
    .map { DrawnKey(title: $0.0, midiNote: $0.1) }

  /// How much the picture of `moment` differs from the same picture with nothing struck or
  /// coming: the sum of every colour component's difference.
  private func light(_ frames: InstrumentFrames, _ moment: InstrumentMoment) -> Int {
    func pixels(_ moment: InstrumentMoment) -> [UInt8] {
      var bytes: [UInt8] = []
      frames.frame(moment) { pixels, stride in
        for row in 0..<frames.height {
          bytes += pixels[(row * stride)..<(row * stride + frames.width * 4)]
        }
      }
      return bytes
    }
    let plain = InstrumentMoment(
      picture: moment.picture, framesPerSecond: moment.framesPerSecond,
      dimmed: [Bool](repeating: false, count: moment.dimmed.count))
    let (struck, unstruck) = (pixels(moment), pixels(plain))
    // Through the buffers: a `zip` and `reduce` a byte is several times slower in the debug build.
    return struck.withUnsafeBufferPointer { struck in
      unstruck.withUnsafeBufferPointer { unstruck in
        var sum = 0
        for index in 0..<min(struck.count, unstruck.count) {
          sum += abs(Int(struck[index]) - Int(unstruck[index]))
        }
        return sum
      }
    }
  }

  @Test(arguments: [30, 60])
  func aTapGlowsFadingOnEveryPictureItsBarIsDimmedAndIsGoneAfter(framesPerSecond: Int) throws {
    // A tap on F a little after 1 s, inside the picture starting at 1 s: its bar is dimmed
    // from that picture until 0.2 s after the tap, one picture more than 0.2 s of pictures.
    let rate: Int64 = 48_000
    let start = rate + 500
    let schedule = PictureSchedule(
      starts: [start], bars: [3], barCount: keys.count, rate: rate,
      framesPerSecond: framesPerSecond, style: .stage)
    let frames = try InstrumentFrames(
      look: InstrumentLook(keys: keys, title: "Twinkle", style: .stage), width: 320,
      height: 180)
    let tap = Int64(framesPerSecond)
    var glowing: [Int] = []
    for picture in tap..<(tap + Int64(framesPerSecond) / 2) {
      let moment = schedule.moment(atPicture: picture)
      let drawn = light(frames, moment)
      if moment.dimmed[3] {
        glowing.append(drawn)
      } else {
        #expect(drawn == 0, "picture \(picture)")
      }
    }
    #expect(glowing.count == framesPerSecond / 5 + 1)
    // Strongest on the tap's picture, then fading on every picture.
    #expect(zip(glowing, glowing.dropFirst()).allSatisfy { $0 > $1 }, "\(glowing)")
    #expect(glowing.last ?? 0 > 0)
  }
}
