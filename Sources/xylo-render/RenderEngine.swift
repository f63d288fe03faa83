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
  /// `jobs` workers render chunks into a ring of `2 × jobs` buffers, each worker taking every
  /// `jobs`-th chunk, while this thread consumes them in order: a continuous pipeline whose
  /// memory is the ring, whatever the song's length.
  private func forEachChunk(
    encoding: ChunkEncoding, dither: Dither?, progress: ProgressBar?,
    _ consume: (RenderedChunk) -> (any Error)?
  ) {
    let chunkCount = Int((totalFrames + Self.chunkFrames - 1) / Self.chunkFrames)
    guard chunkCount > 0 else { return }
    let workers = max(1, min(jobs, chunkCount))
    let ring = ChunkRing(size: 2 * workers)
    let group = DispatchGroup()
    for worker in 0..<workers {
      // A serial queue of its own gives each worker a thread even when others wait.
      DispatchQueue(label: "xylo-render.worker.\(worker)").async(group: group) {
        for index in stride(from: worker, to: chunkCount, by: workers) {
          guard ring.waitUntilFree(index) else { return }
          let start = Int64(index) * Self.chunkFrames
          let range = start..<min(start + Self.chunkFrames, totalFrames)
          ring.withChunk(for: index) { chunk in
            renderChunk(
              plan, range: range, finishing: finishing, encoding: encoding, dither: dither,
              blockFrames: blockFrames, into: &chunk)
          }
          ring.markFilled(index)
        }
      }
    }
    defer {
      ring.cancel()
      group.wait()
    }
    for index in 0..<chunkCount {
      ring.waitUntilFilled(index)
      var stop = false
      ring.withChunk(for: index) { chunk in
        stop = consume(chunk) != nil
        progress?.update(done: chunk.start + Int64(chunk.frameCount))
      }
      if stop { return }
      ring.markFree(index)
    }
  }
}

/// A ring of chunk buffers shared by the workers and the consumer. Chunk `i` lives in slot
/// `i % size`; each slot's two semaphores hand it back and forth, so a slot is only ever
/// touched by one thread at a time, and the slots never move.
private final class ChunkRing: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<RenderedChunk>
  private let free: [DispatchSemaphore]
  private let filled: [DispatchSemaphore]
  private let size: Int
  private let lock = DispatchSemaphore(value: 1)
  private var cancelled = false

  init(size: Int) {
    self.size = size
    slots = .allocate(capacity: size)
    slots.initialize(repeating: RenderedChunk(), count: size)
    // Created at 0 and signalled once: libdispatch traps when a semaphore is freed below the
    // value it was created with, which an early stop would otherwise leave behind.
    free = (0..<size).map { _ in DispatchSemaphore(value: 0) }
    filled = (0..<size).map { _ in DispatchSemaphore(value: 0) }
    for semaphore in free { semaphore.signal() }
  }

  deinit {
    slots.deinitialize(count: size)
    slots.deallocate()
  }

  /// Waits until chunk `index`'s slot may be written; false once the render was cancelled.
  func waitUntilFree(_ index: Int) -> Bool {
    free[index % size].wait()
    lock.wait()
    defer { lock.signal() }
    return !cancelled
  }

  func markFilled(_ index: Int) { filled[index % size].signal() }
  func waitUntilFilled(_ index: Int) { filled[index % size].wait() }
  func markFree(_ index: Int) { free[index % size].signal() }

  func withChunk(for index: Int, _ body: (inout RenderedChunk) -> Void) {
    body(&slots[index % size])
  }

  /// Stops the workers: each wakes, sees the flag, and ends.
  func cancel() {
    lock.wait()
    cancelled = true
    lock.signal()
    for semaphore in free { semaphore.signal() }
  }
}
