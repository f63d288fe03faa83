import Testing

@testable import Rendering

/// Where chunks lie when the first ones ramp up to the full size.
@Suite struct ChunkLayoutTests {
  /// Every chunk's range, in order.
  private func ranges(_ layout: ChunkLayout) -> [Range<Int64>] {
    (0..<layout.count).map(layout.range(of:))
  }

  @Test func aRampDoublesFromAnEighthUpToTheFullSizeEachChunkStartingAtAMultipleOfItsSize() {
    let layout = ChunkLayout(totalFrames: 10_125, frames: 1_000, rampSteps: 3)
    #expect(
      ranges(layout).map(\.count)
        == [125, 125, 250, 500] + Array(repeating: 1_000, count: 9) + [125])
    #expect(ranges(layout).dropLast().allSatisfy { $0.lowerBound % Int64($0.count) == 0 })
  }

  @Test func aLeadShortensTheFirstChunkAndMovesEveryOtherStartBack() {
    let layout = ChunkLayout(totalFrames: 2_000, frames: 1_000, rampSteps: 3, lead: 20)
    #expect(ranges(layout).map(\.lowerBound) == [0, 105, 230, 480, 980, 1_980])
    #expect(ranges(layout).last == 1_980..<2_000)
    #expect(ChunkLayout(totalFrames: 10, frames: 1_000, rampSteps: 3, lead: 130).lead == 5)
  }

  @Test(arguments: [0, 1, 3, 5])
  func chunksFollowEachOtherAndCoverEveryFrameOnce(_ steps: Int) {
    for total in [Int64(1), 7, 124, 125, 126, 874, 875, 876, 999, 1_000, 1_875, 12_345] {
      for lead in [Int64(0), 1, 11, 30] {
        let all = ranges(
          ChunkLayout(totalFrames: total, frames: 1_000, rampSteps: steps, lead: lead))
        #expect(all.first?.lowerBound == 0)
        #expect(all.last?.upperBound == total)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(all.allSatisfy { !$0.isEmpty && $0.count <= 1_000 })
      }
    }
  }

  /// Every chunk but the first starts at a byte that is a multiple of `alignment`.
  private func startsAligned(
    offset: Int64, bytesPerFrame: Int, frames: Int64, alignment: Int64
  ) -> Bool {
    let smallest = frames >> 3
    let lead = ChunkLayout.alignmentLead(
      offset: offset, bytesPerFrame: bytesPerFrame, smallestChunk: smallest)
    let layout = ChunkLayout(totalFrames: 40 * frames, frames: frames, rampSteps: 3, lead: lead)
    guard lead < smallest else { return false }
    return (1..<layout.count).allSatisfy {
      (offset + layout.start(of: $0) * Int64(bytesPerFrame)) % alignment == 0
    }
  }

  @Test func theLeadPutsEveryChunksBytesAtAMultipleOfTheSmallestChunksBytes() {
    // 16-bit stereo and mono, 32-bit float stereo: the smallest chunk's bytes, a power of two.
    let powersOfTwo: [(Int, Int64)] = [(4, 262_144), (2, 524_288), (8, 131_072)]
    for (bytesPerFrame, frames) in powersOfTwo {
      for offset: Int64 in [44, 80, 4_096, 54, 4_072] where offset % Int64(bytesPerFrame) == 0 {
        #expect(
          startsAligned(
            offset: offset, bytesPerFrame: bytesPerFrame, frames: frames,
            alignment: (frames >> 3) * Int64(bytesPerFrame)))
      }
    }
    // 24-bit: frames of 3 and 6 bytes start at multiples of the power of two in the smallest
    // chunk's bytes.
    let withThree: [(Int, Int64)] = [(3, 262_144), (6, 131_072)]
    for (bytesPerFrame, frames) in withThree {
      for offset: Int64 in [44, 80, 58, 4_096]
      where offset % Int64(bytesPerFrame & -bytesPerFrame) == 0 {
        #expect(
          startsAligned(
            offset: offset, bytesPerFrame: bytesPerFrame, frames: frames,
            alignment: (frames >> 3) * Int64(bytesPerFrame & -bytesPerFrame)))
      }
    }
  }

  @Test func noLeadWhenTheHeaderCannotBeFollowedByWholeFramesOnABoundary() {
    #expect(ChunkLayout.alignmentLead(offset: 45, bytesPerFrame: 4, smallestChunk: 32_768) == 0)
    #expect(ChunkLayout.alignmentLead(offset: 0, bytesPerFrame: 4, smallestChunk: 32_768) == 0)
    #expect(ChunkLayout.alignmentLead(offset: 80, bytesPerFrame: 4, smallestChunk: 32_768) == 20)
  }

  @Test func withoutARampEveryChunkButTheLastIsFull() {
    let layout = ChunkLayout(totalFrames: 2_500, frames: 1_000)
    #expect(ranges(layout) == [0..<1_000, 1_000..<2_000, 2_000..<2_500])
  }

  @Test func aRampNeverMakesAChunkOfNoFrames() {
    let layout = ChunkLayout(totalFrames: 10, frames: 3, rampSteps: 3)
    #expect(layout.rampSteps == 1)
    #expect(ranges(layout).map(\.count) == [1, 1, 3, 3, 2])
  }

  @Test func nothingToRenderHasNoChunk() {
    #expect(ChunkLayout(totalFrames: 0, frames: 1_000, rampSteps: 3).count == 0)
  }
}
