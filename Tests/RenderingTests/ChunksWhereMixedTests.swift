import AudioBasics
import Mixer
import Synchronization
import Testing

@testable import Rendering

/// Chunks consumed on the threads that mixed them, in turns: the same chunks in the same order
/// as the consuming thread gets them, one call at a time, nested ones included (a failing
/// consumer: `ChunkPipelineTests`).
@Suite struct ChunksWhereMixedTests {
  /// Impulses a little apart over `totalFrames`, in chunks consumed where they were mixed.
  private func pipeline(totalFrames: Int64, jobs: Int, whereMixed: Bool = true) -> ChunkPipeline {
    let sample = Sample(values: [1, 0.5, 0.25], channels: 1)
    let taps = stride(from: Int64(0), to: totalFrames, by: 10_007).map {
      MixTap(frame: $0, sampleIndex: 0, gain: 0.5)
    }
    var pipeline = ChunkPipeline(
      plan: MixPlan(
        samples: [sample], voices: planVoices(taps, sampleFrameCounts: [sample.frameCount]),
        channels: 1),
      rate: 48_000, totalFrames: totalFrames, finishing: Finishing(totalFrames: totalFrames),
      blockFrames: 4_096, jobs: jobs)
    pipeline.consumesWhereMixed = whereMixed
    return pipeline
  }

  private func everyChunk(_ pipeline: ChunkPipeline) -> (values: [Int16], starts: [Int64]) {
    var values: [Int16] = []
    var starts: [Int64] = []
    pipeline.forEachChunk(encoding: .int16, dither: nil) { (chunk) throws(Never) in
      starts.append(chunk.start)
      values += chunk.int16
    }
    return (values, starts)
  }

  @Test(arguments: [1, 2, 3, 4, 8])
  func chunksArriveInOrderWithTheValuesTheConsumingThreadGets(_ jobs: Int) {
    let total = 9 * ChunkPipeline.chunkFrames + 5
    var ramped = pipeline(totalFrames: total, jobs: jobs)
    ramped.rampsUp = true
    let (values, starts) = everyChunk(ramped)
    let eighths: [Int64] = [0, 1, 2, 4] + (0..<9).map { 8 + 8 * Int64($0) }
    #expect(starts == eighths.map { $0 * (ChunkPipeline.chunkFrames / 8) })
    #expect(values == everyChunk(pipeline(totalFrames: total, jobs: 1, whereMixed: false)).values)
    #expect(values[10_007] == 16_384 && values[10_008] == 8_192)
  }

  @Test(arguments: [2, 4, 8])
  func noTwoChunksAreConsumedAtOnce(_ jobs: Int) {
    let inside = Atomic<Int>(0)
    var overlaps = 0
    var count = 0
    pipeline(totalFrames: 40 * 4_096, jobs: jobs).forEachChunk(encoding: .int16, dither: nil) {
      (chunk) throws(Never) in
      if inside.add(1, ordering: .sequentiallyConsistent).oldValue != 0 { overlaps += 1 }
      // Long enough for another thread's chunk to be mixed meanwhile.
      var sum = 0
      for _ in 0..<20 { sum &+= chunk.int16.reduce(0) { $0 &+ Int($1) } }
      count += sum == .min ? 0 : 1
      inside.subtract(1, ordering: .sequentiallyConsistent)
    }
    #expect(count == Int(40 * 4_096 / ChunkPipeline.chunkFrames))
    #expect(overlaps == 0)
  }

  @Test func pipelinesNestedPastTheThreadPoolFinishWithTheSameValues() {
    let total = 3 * ChunkPipeline.chunkFrames
    let expected = everyChunk(pipeline(totalFrames: total, jobs: 1)).values
    let results = IndexedValues<Bool>(count: 260)
    forEachIndex(below: 260, jobs: 260, label: "nested") { index in
      results.set(everyChunk(pipeline(totalFrames: total, jobs: 2)).values == expected, at: index)
    }
    #expect(results.values.allSatisfy { $0 == true })
  }
}
