import AudioBasics
import Testing

/// A decoded sample is stored block by block straight into its planes; these pin that it is
/// stored exactly as the same values interleaved in one array are.
@Suite struct SampleAssemblyTests {
  /// Stereo 16-bit frames whose channels are equal up to `equalUpTo`, then differ.
  static func frames(_ count: Int, equalUpTo: Int) -> [Int16] {
    (0..<count).flatMap { frame -> [Int16] in
      let left = Int16(truncatingIfNeeded: frame &* 31 &- 900)
      return [left, frame < equalUpTo ? left : left &+ 1]
    }
  }

  static let cases: [(name: String, values: [Int16], channels: Int, expected: Int, block: Int)] = [
    ("equal throughout", frames(1_000, equalUpTo: 1_000), 2, 1_000, 128),
    ("apart from a later block", frames(1_000, equalUpTo: 700), 2, 1_000, 128),
    ("apart from the first frame", frames(1_000, equalUpTo: 0), 2, 1_000, 128),
    ("more frames than expected", frames(1_000, equalUpTo: 300), 2, 10, 96),
    ("fewer frames than expected", frames(500, equalUpTo: 200), 2, 4_000, 64),
    (
      "silence after the sound", frames(300, equalUpTo: 300) + Array(repeating: 0, count: 800), 2,
      700, 50
    ),
    ("a lone loud value at the end", Array(repeating: 0, count: 99) + [-32_768], 1, 100, 40),
    ("mono", (0..<333).map { Int16(truncatingIfNeeded: $0 &* 77) }, 1, 300, 100),
    ("empty stereo", [], 2, 0, 10),
  ]

  @Test(arguments: cases.indices)
  func aSampleFromBlocksIsStoredAsItsInterleavingIs(index: Int) {
    let (name, values, channels, expected, block) = Self.cases[index]
    let assembled = Sample(channels: channels, expectedFrames: expected) { add in
      var start = 0
      while start < values.count {
        let end = min(values.count, start + block * channels)
        values[start..<end].withUnsafeBufferPointer { add($0) }
        start = end
      }
    }
    let reference = Sample(storage: .int16(values), channels: channels)
    #expect(assembled.frameCount == reference.frameCount, "\(name)")
    #expect(assembled.buffer.storedChannels == reference.buffer.storedChannels, "\(name)")
    #expect(assembled.buffer.soundingFrameCount == reference.buffer.soundingFrameCount, "\(name)")
    #expect(assembled.storage == reference.storage, "\(name)")
  }

  @Test func floatBlocksCompareTheirChannelsAsBitPatterns() {
    // -0 and +0 are different bits: the channels differ, as they do interleaved.
    let values: [Float] = [0.5, 0.5, 0.0, -0.0, 0.25, 0.25, 0, 0]
    let assembled = Sample(channels: 2, expectedFrames: 4) { add in
      values.withUnsafeBufferPointer { add($0) }
    }
    let reference = Sample(values: values, channels: 2)
    #expect(assembled.buffer.storedChannels == 2)
    #expect(assembled.buffer.soundingFrameCount == reference.buffer.soundingFrameCount)
    #expect(assembled.values.map(\.bitPattern) == reference.values.map(\.bitPattern))
  }
}
