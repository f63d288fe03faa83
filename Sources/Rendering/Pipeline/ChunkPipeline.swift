import Dispatch
import Mixer
import Platform

/// Renders a plan in chunks on `jobs` threads while the calling thread takes the chunks before
/// them, in order. Chunks are pure functions of the plan, so the result is the same for every
/// thread count and block size; memory holds two rounds of chunks, never the song.
package struct ChunkPipeline {
  /// Frames per chunk by default: large enough to keep threads busy, small enough to stay in
  /// cache. It is also the size of every write, and libvorbis encodes by write: changing it
  /// changes Ogg files, so encoded outputs keep it.
  package static let chunkFrames: Int64 = 32_768
  /// Bytes per chunk for an output that stores its values as they are, whose bytes do not
  /// depend on how they are written: fewer, larger writes cost the kernel less (131,072
  /// stereo 16-bit frames: dense 6% and long 15% faster here than in 32,768).
  package static let uncompressedChunkBytes = 512 << 10
  /// Bytes per chunk for such an output when the mix is light: with fewer than
  /// `lightMixVoices` voices sounding at once on average, the writes are the bound, and larger
  /// ones cost less. At most 1 MiB, as the raw floor writes: here a write of a whole 2 MiB
  /// span of the file, which the page cache then holds in one huge page, took 3-5 times as
  /// long (an hour of one tap a second 0.59 s against 0.17 s).
  package static let lightMixChunkBytes = 1 << 20
  /// The average count of voices sounding at once below which a mix is light.
  package static let lightMixVoices = 8

  /// Frames per chunk for an output that stores its values as they are, `bytesPerFrame` each,
  /// by how dense the mix is: the largest power of two whose bytes fit `lightMixChunkBytes`
  /// for a light one, else `uncompressedChunkBytes`.
  package func uncompressedFramesPerChunk(bytesPerFrame: Int) -> Int64 {
    var bytes = Self.uncompressedChunkBytes
    if totalFrames > 0 {
      let voiceFrames = plan.voices.reduce(0.0) { sum, voice in
        sum + Double(max(0, min(voice.endFrame, totalFrames) - voice.startFrame))
      }
      if voiceFrames / Double(totalFrames) < Double(Self.lightMixVoices) {
        bytes = Self.lightMixChunkBytes
      }
    }
    let most = max(1, bytes / max(1, bytesPerFrame))
    return Int64(1) << (Int.bitWidth - 1 - most.leadingZeroBitCount)
  }

  let plan: MixPlan
  /// Frames per second (Hz), for the room.
  let rate: Int
  let totalFrames: Int64
  package var finishing: Finishing
  let blockFrames: Int
  let jobs: Int
  /// Frames per chunk, and so per write.
  package var framesPerChunk = Self.chunkFrames
  /// Whether the first chunks are smaller (`ChunkLayout`), for an output whose bytes do not
  /// depend on how it is written: the writer starts sooner.
  package var rampsUp = false
  /// The chunks a ramp has before the first of `framesPerChunk`: an eighth, an eighth, a
  /// quarter, a half.
  static let rampSteps = 3
  /// How many frames shorter the first chunk is (`ChunkLayout.lead`).
  package var lead: Int64 = 0

  /// Whether each chunk is consumed on the thread that mixed it (`forEachChunkWhereMixed`),
  /// for a consumer that copies the values out and may run on any thread, one call at a time.
  package var consumesWhereMixed = false

  /// Chunks for an output that stores its values as they are, `bytesPerFrame` each:
  /// `uncompressedFramesPerChunk`, the first ones ramping up to it, each written by the thread
  /// that mixed it, and each starting at a multiple of its length in the file when its first
  /// frame's place, `offset`, is known.
  package mutating func useUncompressedChunks(bytesPerFrame: Int, firstFrameAt offset: Int64?) {
    framesPerChunk = uncompressedFramesPerChunk(bytesPerFrame: bytesPerFrame)
    rampsUp = true
    consumesWhereMixed = true
    lead = ChunkLayout.alignmentLead(
      offset: offset ?? 0, bytesPerFrame: bytesPerFrame,
      smallestChunk: framesPerChunk >> Self.rampSteps)
  }
  /// The room the mix is played in: applied in order on the consuming thread, between mixing
  /// (on the workers) and finishing.
  package var room: RoomSize = .none
  /// The ceiling (linear) of a peak limiter after finishing, for a loudness target the true
  /// peak would otherwise hold back; `nil` for none.
  package var limit: Float?
  /// Whether each chunk carries the gains the limiter applied to it (`limiterGains`), for the
  /// stems of the mix to follow.
  package var keepsLimiterGains = false

  /// Hands every chunk, in order, to `consume`; an error it throws stops the workers and is
  /// rethrown once they have ended.
  ///
  /// `jobs` workers render chunks into a ring of `2 × jobs` buffers, each taking the next chunk
  /// when the ring has room, while this thread consumes them in order: a continuous pipeline
  /// whose memory is the ring, whatever the song's length.
  package func forEachChunk<Failure: Error>(
    encoding: ChunkEncoding, dither: Dither?,
    _ consume: (RenderedChunk) throws(Failure) -> Void
  ) throws(Failure) {
    guard room != .none || limit != nil else {
      try forEachMixedChunk(finishing: finishing, encoding: encoding, dither: dither, consume)
      return
    }
    // A room's echoes and a limiter's gain depend on what came before (and, for the limiter,
    // on what comes next): workers mix dry chunks, and this thread plays them through the
    // room, finishes and limits them in order, one chunk behind for the limiter's look-ahead.
    let channels = plan.channels
    var room = Room(size: room, sampleRate: rate, channels: channels)
    var limiter = limit.map { PeakLimiter(ceiling: $0, sampleRate: rate, channels: channels) }
    var finished = RenderedChunk()
    var pending: (start: Int64, values: [Float])?
    var gains: [Float] = []
    func deliver(_ start: Int64, _ values: inout [Float]) throws(Failure) {
      values.withUnsafeMutableBufferPointer { block in
        finishChunk(
          block, start: start, channels: channels, finishing: Finishing(totalFrames: totalFrames),
          encoding: encoding, dither: dither, into: &finished)
      }
      if keepsLimiterGains { swap(&finished.limiterGains, &gains) }
      try consume(finished)
    }
    /// Limits `block` (gains kept when asked), `next` the frames after it.
    func applyLimiter(
      _ block: UnsafeMutableBufferPointer<Float>, _ next: UnsafeBufferPointer<Float>
    ) {
      if keepsLimiterGains {
        limiter?.process(block, lookahead: next, gains: &gains)
      } else {
        limiter?.process(block, lookahead: next)
      }
    }
    try forEachMixedChunk(
      finishing: Finishing(totalFrames: totalFrames), encoding: .float, dither: nil
    ) {
      (chunk) throws(Failure) in
      var values = chunk.float
      values.withUnsafeMutableBufferPointer { block in
        room.process(block, channels: channels)
        finishing.apply(to: block, channels: channels, at: chunk.start)
      }
      guard limiter != nil else { return try deliver(chunk.start, &values) }
      if var earlier = pending {
        values.withUnsafeBufferPointer { next in
          earlier.values.withUnsafeMutableBufferPointer { applyLimiter($0, next) }
        }
        try deliver(earlier.start, &earlier.values)
      }
      pending = (chunk.start, values)
    }
    if var last = pending {
      last.values.withUnsafeMutableBufferPointer {
        applyLimiter($0, UnsafeBufferPointer(start: nil, count: 0))
      }
      try deliver(last.start, &last.values)
    }
  }

  /// Hands every chunk, mixed and finished on the workers, in order to `consume`.
  private func forEachMixedChunk<Failure: Error>(
    finishing: Finishing, encoding: ChunkEncoding, dither: Dither?,
    _ consume: (RenderedChunk) throws(Failure) -> Void
  ) throws(Failure) {
    let layout = ChunkLayout(
      totalFrames: totalFrames, frames: framesPerChunk, rampSteps: rampsUp ? Self.rampSteps : 0,
      lead: lead)
    // With one job, a thread of its own still writes while that job mixes.
    if consumesWhereMixed && jobs > 1 {
      return try forEachChunkWhereMixed(
        layout: layout, finishing: finishing, encoding: encoding, dither: dither, consume)
    }
    let chunkCount = layout.count
    guard chunkCount > 0 else { return }
    let workers = max(1, min(jobs, chunkCount))
    let ring = ChunkRing(size: 2 * workers)
    let (plan, blockFrames) = (plan, blockFrames)
    let render: @Sendable (Int) -> Void = { index in
      let range = layout.range(of: index)
      ring.withChunk(for: index) { chunk in
        renderChunk(
          plan, range: range, finishing: finishing, encoding: encoding, dither: dither,
          blockFrames: blockFrames, into: &chunk)
      }
    }
    for worker in 0..<workers {
      // A serial queue of its own asks for a thread per worker. Each takes the next chunk no
      // one has taken: a worker that shares its core with this thread (writing) takes fewer,
      // instead of holding the others up.
      DispatchQueue(label: "xylo-render.worker.\(worker)").async {
        ring.work {
          ThreadPriority.whileLowered(by: 5) {
            while let index = ring.takeChunk(below: chunkCount) {
              render(index)
              ring.markFilled(index)
            }
          }
        }
      }
    }
    defer {
      ring.cancel()
      ring.waitForWorkers()
    }
    for index in 0..<chunkCount {
      // A chunk no worker has taken within a while is mixed here: when the system has no
      // thread to give the workers (renders nested in many others), this thread does all the
      // work. Otherwise the workers mix and this thread only writes, as it should.
      if !ring.waitUntilFilled(index, milliseconds: 20) {
        if ring.takeChunkIfNext(index) {
          render(index)
        } else {
          ring.waitUntilFilled(index)
        }
      }
      var failure: Failure?
      ring.withChunk(for: index) { chunk in
        do throws(Failure) { try consume(chunk) } catch { failure = error }
      }
      if let failure { throw failure }
      ring.markConsumed(index)
    }
  }
}
