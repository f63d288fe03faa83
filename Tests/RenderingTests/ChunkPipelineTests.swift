import AudioBasics
import Mixer
import Testing

@testable import Rendering

/// The engine's ring of chunks, tested without the binary: order, coverage, failure, stopping.
@Suite struct ChunkPipelineTests {
  /// A plan of impulses a little apart, long enough for several chunks.
  private func pipeline(totalFrames: Int64, jobs: Int, blockFrames: Int = 4_096) -> ChunkPipeline {
    let sample = Sample(values: [1, 0.5, 0.25], channels: 1)
    let taps = stride(from: Int64(0), to: totalFrames, by: 10_007).map {
      MixTap(frame: $0, sampleIndex: 0, gain: 0.5)
    }
    let voices = planVoices(taps, sampleFrameCounts: [sample.frameCount])
    return ChunkPipeline(
      plan: MixPlan(samples: [sample], voices: voices, channels: 1), rate: 48_000,
      totalFrames: totalFrames,
      finishing: Finishing(totalFrames: totalFrames), blockFrames: blockFrames, jobs: jobs)
  }

  private func everyValue(_ pipeline: ChunkPipeline) -> (values: [Float], starts: [Int64]) {
    var values: [Float] = []
    var starts: [Int64] = []
    pipeline.forEachChunk(encoding: .float, dither: nil) { (chunk) throws(Never) in
      starts.append(chunk.start)
      values += chunk.float
    }
    return (values, starts)
  }

  /// A pipeline whose voices each sound `voiceFrames`, a voice starting every `spacing` frames.
  private func pipeline(voiceFrames: Int, spacing: Int64, totalFrames: Int64) -> ChunkPipeline {
    let sample = Sample(values: [Float](repeating: 0.25, count: voiceFrames), channels: 1)
    let taps = stride(from: Int64(0), to: totalFrames, by: Int(spacing)).map {
      MixTap(frame: $0, sampleIndex: 0, gain: 0.5)
    }
    return ChunkPipeline(
      plan: MixPlan(
        samples: [sample], voices: planVoices(taps, sampleFrameCounts: [voiceFrames]),
        channels: 1),
      rate: 48_000, totalFrames: totalFrames, finishing: Finishing(totalFrames: totalFrames),
      blockFrames: 4_096, jobs: 2)
  }

  @Test func aLightMixIsWrittenInLargerChunksThanADenseOne() {
    // A voice of 4 s every second: 4 at once; every quarter second: 16 at once.
    let light = pipeline(voiceFrames: 192_000, spacing: 48_000, totalFrames: 480_000)
    let dense = pipeline(voiceFrames: 192_000, spacing: 12_000, totalFrames: 480_000)
    #expect(light.uncompressedFramesPerChunk(bytesPerFrame: 4) == 262_144)
    #expect(dense.uncompressedFramesPerChunk(bytesPerFrame: 4) == 131_072)
    #expect(light.uncompressedFramesPerChunk(bytesPerFrame: 6) == 131_072)
    #expect(dense.uncompressedFramesPerChunk(bytesPerFrame: 2) == 262_144)
    var bySize: [[Float]] = []
    for frames in [Int64(131_072), 262_144] {
      var sized = light
      sized.framesPerChunk = frames
      bySize.append(everyValue(sized).values)
    }
    #expect(bySize[0] == bySize[1])
  }

  @Test(arguments: [1, 2, 3, 4, 8])
  func chunksArriveInOrderAndCoverEveryFrameForAnyThreadCount(_ jobs: Int) {
    let total = 3 * ChunkPipeline.chunkFrames + 5
    let (values, starts) = everyValue(pipeline(totalFrames: total, jobs: jobs))
    #expect(starts == [0, 1, 2, 3].map { $0 * ChunkPipeline.chunkFrames })
    #expect(values.count == Int(total))
    #expect(values == everyValue(pipeline(totalFrames: total, jobs: 1, blockFrames: 7)).values)
    #expect(values[10_007] == 0.5 && values[10_008] == 0.25 && values[10_009] == 0.125)
  }

  @Test(arguments: [1, 2, 3])
  func aRampedPipelineDeliversTheSameValuesFromSmallerFirstChunks(_ jobs: Int) {
    let total = 3 * ChunkPipeline.chunkFrames + 5
    var ramped = pipeline(totalFrames: total, jobs: jobs)
    ramped.rampsUp = true
    let (values, starts) = everyValue(ramped)
    let eighth = ChunkPipeline.chunkFrames / 8
    #expect(starts == [0, 1, 2, 4, 8, 16, 24].map { $0 * eighth })
    #expect(values == everyValue(pipeline(totalFrames: total, jobs: 1)).values)
  }

  @Test func anEmptyPlanDeliversNoChunk() {
    #expect(everyValue(pipeline(totalFrames: 0, jobs: 2)).starts.isEmpty)
  }

  struct StopHere: Error, Equatable {
    var chunk: Int64
  }

  /// Also when the chunks are consumed on the threads that mixed them (`whereMixed`).
  @Test(arguments: [1, 2, 4], [false, true])
  func aConsumerFailingMidRenderStopsTheWorkersAndIsRethrown(_ jobs: Int, whereMixed: Bool) {
    let total = 20 * ChunkPipeline.chunkFrames
    var seen: [Int64] = []
    var rendering = pipeline(totalFrames: total, jobs: jobs)
    rendering.consumesWhereMixed = whereMixed
    #expect(throws: StopHere(chunk: 2 * ChunkPipeline.chunkFrames)) {
      try rendering.forEachChunk(encoding: .int16, dither: nil) {
        (chunk) throws(StopHere) in
        seen.append(chunk.start)
        if chunk.start == 2 * ChunkPipeline.chunkFrames { throw StopHere(chunk: chunk.start) }
      }
    }
    #expect(seen == [0, 1, 2].map { $0 * ChunkPipeline.chunkFrames })
  }
}

/// Parallel loops nested in parallel loops, more than the system has threads for, finish:
/// every caller works as well as waits.
@Suite struct NestedParallelismTests {
  @Test func loopsNestedPastTheThreadPoolFinish() {
    let outer = IndexedValues<Int>(count: 300)
    forEachIndex(below: 300, jobs: 300, label: "outer") { index in
      let inner = IndexedValues<Int>(count: 8)
      forEachIndex(below: 8, jobs: 4, label: "inner") { inner.set($0, at: $0) }
      outer.set(inner.values.compactMap { $0 }.reduce(0, +), at: index)
    }
    #expect(outer.values.allSatisfy { $0 == 28 })
  }

  @Test func rendersNestedPastTheThreadPoolFinishWithTheSameFrames() throws {
    // Two workers each, two chunks (48,256 frames): every render hands chunks to a worker
    // that may never get a thread.
    let settings = RenderSettings(blockFrames: 64, jobs: 2)
    let score = try Song(text: "C C C", openBank: { _ in TinyBank() }).score
    let expected = try render(RenderPlan(score: score, bank: TinyBank(), settings: settings))
    #expect(expected.frameCount > Int(ChunkPipeline.chunkFrames))
    let results = IndexedValues<Bool>(count: 260)
    forEachIndex(below: 260, jobs: 260, label: "nested") { index in
      let values = try? render(RenderPlan(score: score, bank: TinyBank(), settings: settings))
        .values
      results.set(values == expected.values, at: index)
    }
    #expect(results.values.allSatisfy { $0 == true })
  }

}

/// One key, a short ramp: renders that cost next to nothing.
private struct TinyBank: SampleBank {
  let titles = ["C"]

  func info(for title: String) throws(BankError) -> SampleInfo {
    SampleInfo(title: title, source: "tiny", sampleRate: 48_000, channels: 1, frameCount: 256)
  }

  func sample(for title: String) throws(BankError) -> DecodedSample {
    DecodedSample(
      title: title, source: "tiny", sampleRate: 48_000, channels: 1,
      values: (0..<256).map { Float($0) / 512 })
  }
}
