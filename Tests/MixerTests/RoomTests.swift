import AudioBasics
import Mixer
import Testing

@Suite struct RoomTests {
  /// `input` after a room of `size`, processed in blocks of `blockFrames` frames.
  private func processed(
    _ input: [Float], size: RoomSize, rate: Int = 48_000, channels: Int = 2,
    blockFrames: Int = 4_096
  ) -> [Float] {
    var room = Room(size: size, sampleRate: rate, channels: channels)
    var output = input
    output.withUnsafeMutableBufferPointer { whole in
      var start = 0
      while start < whole.count {
        let end = min(whole.count, start + blockFrames * channels)
        room.process(UnsafeMutableBufferPointer(rebasing: whole[start..<end]), channels: channels)
        start = end
      }
    }
    return output
  }

  /// A unit impulse on every channel at frame 0, then silence, `frames` long.
  private func impulse(frames: Int, channels: Int = 2) -> [Float] {
    [Float](repeating: 1, count: channels) + [Float](repeating: 0, count: (frames - 1) * channels)
  }

  /// The wet part of a room's impulse response: the output without the impulse itself.
  private func wetResponse(
    _ size: RoomSize, seconds: Double, rate: Int = 48_000, channels: Int = 2
  ) -> [Float] {
    let dry = impulse(frames: Int(seconds * Double(rate)), channels: channels)
    let output = processed(dry, size: size, rate: rate, channels: channels)
    return zip(output, dry).map { $0 - $1 }
  }

  /// Energy of every 10 ms window over all channels.
  private func envelope(_ values: [Float], rate: Int, channels: Int = 2) -> [Double] {
    let window = rate / 100 * channels
    return stride(from: 0, to: values.count - window + 1, by: window).map { start in
      values[start..<(start + window)].reduce(0) { $0 + Double($1) * Double($1) }
    }
  }

  /// Seconds from the loudest 10 ms window to the end of the last one within 60 dB of it.
  private func decaySeconds(_ size: RoomSize, rate: Int) -> Double {
    let energies = envelope(wetResponse(size, seconds: 4, rate: rate), rate: rate)
    let peak = energies.max() ?? 0
    let floor = peak * Decibels.linear(-60) * Decibels.linear(-60)
    let loudest = energies.firstIndex(of: peak) ?? 0
    let last = energies.lastIndex { $0 >= floor } ?? 0
    return Double(last + 1 - loudest) / 100
  }

  /// Sum of squares.
  private func energy(_ values: some Sequence<Float>) -> Double {
    values.reduce(0) { $0 + Double($1) * Double($1) }
  }

  /// Seeded noise in [-0.5, 0.5) for `frames` frames, silent for the second half.
  private func noiseBurst(frames: Int, channels: Int) -> [Float] {
    var generator = SplitMix64(seed: 42)
    return (0..<(frames * channels)).map { index in
      index < frames * channels / 2 ? Float(generator.nextUnit() * 0.5) : 0
    }
  }

  @Test(arguments: [1, 7, 4_096])
  func blockSizesNeverChangeTheOutput(_ blockFrames: Int) {
    let input = noiseBurst(frames: 12_000, channels: 2)
    let whole = processed(input, size: .hall, blockFrames: 12_000)
    #expect(processed(input, size: .hall, blockFrames: blockFrames) == whole)
  }

  @Test(arguments: [1, 2, 3])
  func noRoomLeavesTheAudioUntouched(_ channels: Int) {
    let input = noiseBurst(frames: 1_000, channels: channels)
    #expect(processed(input, size: .none, channels: channels) == input)
    let room = Room(size: .none, sampleRate: 48_000, channels: channels)
    #expect(room.tailSeconds == 0 && room.tailFrames == 0)
  }

  @Test(arguments: [
    (RoomSize.small, 44_100, 0.5), (.small, 48_000, 0.5), (.hall, 44_100, 2.0),
    (.hall, 48_000, 2.0),
  ])
  func anImpulseDecaysBySixtyDecibelsInTheReverberationTime(
    _ size: RoomSize, rate: Int, seconds: Double
  ) {
    let measured = decaySeconds(size, rate: rate)
    #expect(measured >= seconds * 0.75 && measured <= seconds * 1.25, "\(measured) s")
  }

  @Test func aHallRingsLongerThanASmallRoom() {
    #expect(decaySeconds(.hall, rate: 48_000) > 2 * decaySeconds(.small, rate: 48_000))
    #expect(Room.tailSeconds(.hall) > Room.tailSeconds(.small))
  }

  @Test(arguments: [RoomSize.small, .hall], [44_100, 48_000])
  func theTailOutlastsTheDecayOfAnImpulse(_ size: RoomSize, rate: Int) {
    let room = Room(size: size, sampleRate: rate, channels: 2)
    #expect(room.tailFrames == Int((room.tailSeconds * Double(rate)).rounded(.up)))
    let energies = envelope(wetResponse(size, seconds: 3, rate: rate), rate: rate)
    let window = rate / 100
    let afterTail = energies[((room.tailFrames + window - 1) / window)...]
    let floor = (energies.max() ?? 0) * Decibels.linear(-60) * Decibels.linear(-60)
    #expect(afterTail.allSatisfy { $0 < floor })
  }

  @Test(arguments: [RoomSize.small, .hall])
  func leftAndRightAreDecorrelatedForAMonoImpulse(_ size: RoomSize) {
    let wet = wetResponse(size, seconds: 1)
    let left = stride(from: 0, to: wet.count, by: 2).map { wet[$0] }
    let right = stride(from: 1, to: wet.count, by: 2).map { wet[$0] }
    let product = zip(left, right).reduce(0) { $0 + Double($1.0) * Double($1.1) }
    let correlation = product / (energy(left) * energy(right)).squareRoot()
    #expect(left != right)
    #expect(abs(correlation) < 0.2, "correlation \(correlation)")
  }

  @Test(arguments: [RoomSize.small, .hall])
  func monoIsTheDryPlusTheAverageOfTheStereoWet(_ size: RoomSize) {
    let stereo = processed(impulse(frames: 24_000), size: size)
    let mono = processed(impulse(frames: 24_000, channels: 1), size: size, channels: 1)
    let averages = stride(from: 0, to: stereo.count, by: 2).map { (index: Int) -> Float in
      (stereo[index] + stereo[index + 1]) * 0.5
    }
    #expect(mono == averages)
  }

  @Test func channelsPastTheSecondGetTheDryPlusTheAverageOfTheStereoWet() {
    let stereo = processed(impulse(frames: 14_400), size: .small)
    let four = processed(impulse(frames: 14_400, channels: 4), size: .small, channels: 4)
    var expected: [Float] = []
    for frame in 0..<14_400 {
      let dry: Float = frame == 0 ? 1 : 0
      let left = stereo[2 * frame]
      let right = stereo[2 * frame + 1]
      let middle = dry + ((left - dry) + (right - dry)) * 0.5
      expected += [left, right, middle, middle]
    }
    #expect(four == expected)
  }

  @Test func theWetStaysBelowTheDry() {
    // The dry impulse's energy is 1 per channel.
    let hall = Decibels.of((energy(wetResponse(.hall, seconds: 4)) / 2).squareRoot())
    let small = Decibels.of((energy(wetResponse(.small, seconds: 2)) / 2).squareRoot())
    #expect(hall > -10 && hall < -6, "hall wet \(hall) dB re the dry")
    #expect(small > -14 && small < hall, "small wet \(small) dB re the dry")
  }

  @Test func aSilentTailEndsInExactZeros() {
    let wet = wetResponse(.small, seconds: 8, rate: 8_000)
    #expect(wet[(7 * 8_000 * 2)...].allSatisfy { $0 == 0 })
    #expect(!wet.contains { $0 != 0 && abs($0) < Float.leastNormalMagnitude })
  }

  @Test(arguments: [1_000, 22_050, 768_000])
  func anyRateGivesAFiniteReverb(_ rate: Int) {
    let wet = wetResponse(.hall, seconds: 0.2, rate: rate)
    #expect(wet.allSatisfy { $0.isFinite })
    #expect(energy(wet) > 0)
  }

  /// FNV-1a of the values' bit patterns: any change in the arithmetic changes it.
  @Test func theHallImpulseResponseIsPinned() {
    let output = processed(impulse(frames: 8_192), size: .hall)
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for value in output {
      hash = (hash ^ UInt64(value.bitPattern)) &* 0x100_0000_01B3
    }
    #expect(output.count == 16_384)
    #expect(hash == 0x4EBF_B8B5_9DD0_C27C)
  }
}
