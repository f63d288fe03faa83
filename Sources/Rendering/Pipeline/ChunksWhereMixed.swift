import Dispatch
import Mixer
import Platform

extension ChunkPipeline {
  /// Hands every chunk, in order, to `consume` on the thread that mixed it: `jobs` threads, the
  /// calling one among them, each mixing the next chunk no one has taken and then, in its
  /// turn, consuming it while its values are still in that core's cache, with no thread that
  /// only waits to write and no wake per chunk (a program of its own wrote an hour of audio so
  /// in 0.153 s against 0.182 s from a ring filled on the other core; the render took 0.98 of
  /// the time on an hour of one tap a second and 0.94 on ten minutes of dense taps).
  ///
  /// `consume` is called one chunk at a time, each call seeing everything the one before did,
  /// but not always on the calling thread.
  func forEachChunkWhereMixed<Failure: Error>(
    layout: ChunkLayout, finishing: Finishing, encoding: ChunkEncoding, dither: Dither?,
    _ consume: (RenderedChunk) throws(Failure) -> Void
  ) throws(Failure) {
    let chunkCount = layout.count
    guard chunkCount > 0 else { return }
    let threads = max(1, min(jobs, chunkCount))
    // Each thread holds one chunk at a time, so a slot each is room enough.
    let ring = ChunkRing(size: threads)
    let turns = ChunkTurns(size: threads, spins: threads <= onlineProcessorCount())
    let (plan, blockFrames) = (plan, blockFrames)
    let failure = withoutActuallyEscaping(consume) { consume -> Failure? in
      // The threads hold the box, not the closure, and the box lets it go before this block
      // ends: a thread's block may be freed by the system later than it finished.
      let consumer = ConsumerBox(consume)
      defer { consumer.release() }
      let work: @Sendable () -> Void = {
        while let index = ring.takeChunk(below: chunkCount) {
          ring.withChunk(for: index) { chunk in
            renderChunk(
              plan, range: layout.range(of: index), finishing: finishing, encoding: encoding,
              dither: dither, blockFrames: blockFrames, into: &chunk)
            turns.wait(for: index)
            if consumer.failsOn(chunk) { ring.cancel() }
            turns.pass(after: index)
          }
          ring.markConsumed(index)
        }
      }
      for worker in 1..<threads {
        DispatchQueue(label: "xylo-render.worker.\(worker)").async { ring.work(work) }
      }
      // The calling thread works too, so the render ends even when no other thread starts.
      work()
      ring.cancel()
      ring.waitForWorkers()
      return consumer.failure
    }
    if let failure { throw failure }
  }
}

/// The consumer handed to other threads, used by one at a time, in turn: the turns order
/// every call after the one before.
private final class ConsumerBox<Failure: Error>: @unchecked Sendable {
  private var body: ((RenderedChunk) throws(Failure) -> Void)?
  /// The first error `body` threw, after which no chunk is handed to it; read and set only in
  /// turn, like `body`'s calls.
  private(set) var failure: Failure?

  init(_ body: @escaping (RenderedChunk) throws(Failure) -> Void) { self.body = body }

  /// Hands `chunk` to the consumer unless it failed before; true when it fails on this one.
  func failsOn(_ chunk: RenderedChunk) -> Bool {
    guard failure == nil else { return false }
    do throws(Failure) { try body?(chunk) } catch {
      failure = error
      return true
    }
    return false
  }

  /// Lets the closure go; call once every thread is done with it.
  func release() { body = nil }
}
