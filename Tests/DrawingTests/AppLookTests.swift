import Drawing
import Testing

/// The app's look, pinned: the stage style's code changes none of its pixels. The fingerprints
/// were recorded from the app's drawing with its readable labels (black on D and E at rest);
/// re-record them only for a deliberate change of the app's look.
@Suite struct AppLookTests {
  /// A picture with the keys at `dimmed` dimmed, at picture 90 of 30 a second.
  private func moment(
    dimmed: Set<Int>, count: Int, strikes: [InstrumentMoment.Strike] = []
  ) -> InstrumentMoment {
    InstrumentMoment(
      picture: 90, framesPerSecond: 30, dimmed: (0..<count).map(dimmed.contains),
      strikes: strikes)
  }

  @Test(
    arguments: [
      (320, 180, [], 0xA114_72A0_F334_C83A),
      (320, 180, [2, 5], 0x1532_9B0A_A305_8DE2),
      (180, 320, [0], 0xA465_C46C_72E2_B442),
    ] as [(Int, Int, Set<Int>, UInt64)])
  func theAppsPixelsAreTheOnesRecordedBeforeTheStage(
    width: Int, height: Int, dimmed: Set<Int>, pinned: UInt64
  ) throws {
    let frames = try InstrumentFrames(
      look: InstrumentLook(keys: eightKeys, title: "Twinkle"), width: width, height: height)
    let pixels = framePixels(frames, moment(dimmed: dimmed, count: eightKeys.count))
    #expect(fingerprint(pixels) == pinned, "\(width)x\(height) \(dimmed)")
  }

  @Test func theAppIgnoresTheTapsAroundAPicture() throws {
    let frames = try InstrumentFrames(
      look: InstrumentLook(keys: eightKeys, title: "Twinkle"), width: 320, height: 180)
    let plain = framePixels(frames, moment(dimmed: [3], count: eightKeys.count))
    let withStrikes = framePixels(
      frames,
      moment(
        dimmed: [3], count: eightKeys.count,
        strikes: [.init(bar: 3, picture: 88), .init(bar: 1, picture: 100)]))
    #expect(plain == withStrikes)
  }
}
