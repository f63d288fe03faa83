import Dispatch
import Mixer
import SoundFile

/// Renders the mix in chunks on `jobs` threads while the calling thread writes the chunks
/// before them, in order. Chunks are pure functions of the plan, so the file is the same for
/// every thread count and block size; memory holds two rounds of chunks, never the song.
struct RenderEngine {
  static let chunkFrames: Int64 = 32_768

  let plan: MixPlan
  let blockFrames: Int
  let totalFrames: Int64
  let jobs: Int
  var finishing: Finishing

  /// What a pass saw: the peak of the finished mix, and how many values clipped.
  struct Outcome {
    var peak = PeakMeter()
    var clippedCount: Int64 = 0
  }

  /// The first pass of `--normalize`: measures the finished mix without writing it.
  func measure(progress: ProgressBar?) -> PeakMeter {
    var peak = PeakMeter()
    forEachChunk(encoding: .measureOnly, dither: nil, progress: progress) { chunk in
      peak.merge(chunk.peak)
      return nil
    }
    return peak
  }

  /// Writes every frame in the writer's encoding.
  func write(to writer: SoundFileWriter, dither: Dither?, progress: ProgressBar?)
    throws(SoundFileError) -> Outcome
  {
    let encoding: ChunkEncoding =
      switch writer.format.encoding {
      case .pcm16: .int16
      case .pcm24: .int32(fullScale: 8_388_608)
      case .pcm32: .int32(fullScale: 2_147_483_648)
      case .float, nil: .float
      }
    var outcome = Outcome()
    var failure: SoundFileError?
    forEachChunk(encoding: encoding, dither: dither, progress: progress) { chunk in
      outcome.peak.merge(chunk.peak)
      outcome.clippedCount += chunk.clippedCount
      do {
        switch encoding {
        case .int16: try chunk.int16.withUnsafeBufferPointer { try writer.write($0) }
        case .int32: try chunk.int32.withUnsafeBufferPointer { try writer.write($0) }
        case .float, .measureOnly: try chunk.float.withUnsafeBufferPointer { try writer.write($0) }
        }
      } catch let error as SoundFileError {
        failure = error
        return error
      } catch {
        return error
      }
      return nil
    }
    if let failure { throw failure }
    return outcome
  }

  /// Hands every chunk, in order, to `consume`, which returns an error to stop early.
  ///
  /// Two sets of `jobs` chunk buffers alternate: the workers fill one round while this thread
  /// consumes the other, so memory stays at two rounds whatever the song's length.
  private func forEachChunk(
    encoding: ChunkEncoding, dither: Dither?, progress: ProgressBar?,
    _ consume: (RenderedChunk) -> (any Error)?
  ) {
    let chunkCount = Int((totalFrames + Self.chunkFrames - 1) / Self.chunkFrames)
    let roundSize = max(1, jobs)
    let rounds = (chunkCount + roundSize - 1) / roundSize
    guard rounds > 0 else { return }
    let buffers = [ChunkSlots(count: roundSize), ChunkSlots(count: roundSize)]
    let render: @Sendable (Int) -> Void = { round in
      let first = round * roundSize
      let count = min(roundSize, chunkCount - first)
      let slots = buffers[round % 2]
      slots.count = count
      DispatchQueue.concurrentPerform(iterations: count) { index in
        let start = Int64(first + index) * Self.chunkFrames
        let range = start..<min(start + Self.chunkFrames, totalFrames)
        slots.withChunk(at: index) { chunk in
          renderChunk(
            plan, range: range, finishing: finishing, encoding: encoding, dither: dither,
            blockFrames: blockFrames, into: &chunk)
        }
      }
    }
    render(0)
    for round in 0..<rounds {
      // The next round renders on the workers while this thread consumes the current one.
      let group = DispatchGroup()
      if round + 1 < rounds {
        DispatchQueue.global().async(group: group) { render(round + 1) }
      }
      defer { group.wait() }
      let slots = buffers[round % 2]
      for index in 0..<slots.count {
        var stop = false
        slots.withChunk(at: index) { chunk in
          stop = consume(chunk) != nil
          progress?.update(done: chunk.start + Int64(chunk.frameCount))
        }
        if stop { return }
      }
    }
  }
}

/// Chunk buffers filled by worker threads, each its own slot, read once they have all finished.
private final class ChunkSlots: @unchecked Sendable {
  private var slots: [RenderedChunk]
  /// How many slots the current round uses.
  var count: Int

  init(count: Int) {
    slots = (0..<count).map { _ in RenderedChunk(start: 0, frameCount: 0) }
    self.count = count
  }

  /// Gives `body` the slot at `index`; one thread per index, and slots never move.
  func withChunk(at index: Int, _ body: (inout RenderedChunk) -> Void) {
    slots.withUnsafeMutableBufferPointer { body(&$0[index]) }
  }
}
