import Testing

@testable import Rendering

/// Where chunks lie when the first ones ramp up to the full size.
@Suite struct ChunkLayoutTests {
  /// Every chunk's range, in order.
  private func ranges(_ layout: ChunkLayout) -> [Range<Int64>] {
    (0..<layout.count).map(layout.range(of:))
  }

  @Test func aRampDoublesFromAnEighthUpToTheFullSize() {
    let layout = ChunkLayout(totalFrames: 10_000, frames: 1_000, rampSteps: 3)
    #expect(
      ranges(layout).map(\.count) == [125, 250, 500] + Array(repeating: 1_000, count: 9) + [125])
  }

  @Test(arguments: [0, 1, 3, 5])
  func chunksFollowEachOtherAndCoverEveryFrameOnce(_ steps: Int) {
    for total in [Int64(1), 7, 124, 125, 126, 874, 875, 876, 999, 1_000, 1_875, 12_345] {
      let all = ranges(ChunkLayout(totalFrames: total, frames: 1_000, rampSteps: steps))
      #expect(all.first?.lowerBound == 0)
      #expect(all.last?.upperBound == total)
      #expect(zip(all, all.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
      #expect(all.allSatisfy { !$0.isEmpty && $0.count <= 1_000 })
    }
  }

  @Test func withoutARampEveryChunkButTheLastIsFull() {
    let layout = ChunkLayout(totalFrames: 2_500, frames: 1_000)
    #expect(ranges(layout) == [0..<1_000, 1_000..<2_000, 2_000..<2_500])
  }

  @Test func aRampNeverMakesAChunkOfNoFrames() {
    let layout = ChunkLayout(totalFrames: 10, frames: 3, rampSteps: 3)
    #expect(layout.rampSteps == 1)
    #expect(ranges(layout).map(\.count) == [1, 3, 3, 3])
  }

  @Test func nothingToRenderHasNoChunk() {
    #expect(ChunkLayout(totalFrames: 0, frames: 1_000, rampSteps: 3).count == 0)
  }
}
