import Dispatch
import Mixer

/// A ring of chunk buffers shared by the workers and the consumer. Chunk `i` lives in slot
/// `i % size`. A worker takes the next chunk only once it holds one of `size` permits, which
/// the consumer returns as it takes each chunk: at most `size` chunks are between being taken
/// and being consumed, all consecutive, so each has a slot of its own and a slot is only ever
/// touched by one thread at a time.
final class ChunkRing: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<RenderedChunk>
  private let permits = DispatchSemaphore(value: 0)
  private let filled: [DispatchSemaphore]
  let size: Int
  private let lock = DispatchSemaphore(value: 1)
  private var cancelled = false
  private var nextChunk = 0
  /// The workers that started before the ring was cancelled.
  private let running = DispatchGroup()

  init(size: Int) {
    precondition(size > 0, "a ring needs a slot")
    self.size = size
    slots = .allocate(capacity: size)
    slots.initialize(repeating: RenderedChunk(), count: size)
    // Created at 0 and signalled: libdispatch traps when a semaphore is freed below the value
    // it was created with, which an early stop would otherwise leave behind.
    filled = (0..<size).map { _ in DispatchSemaphore(value: 0) }
    for _ in 0..<size { permits.signal() }
  }

  deinit {
    slots.deinitialize(count: size)
    slots.deallocate()
  }

  /// Waits for room, then takes the next chunk below `count` for the calling worker; nil once
  /// every chunk is taken or the ring was cancelled.
  func takeChunk(below count: Int) -> Int? {
    permits.wait()
    lock.wait()
    defer { lock.signal() }
    guard !cancelled, nextChunk < count else {
      permits.signal()  // for the next worker to see the same
      return nil
    }
    nextChunk += 1
    return nextChunk - 1
  }

  /// Takes chunk `index` for the consumer itself when no worker has taken it yet and a slot is
  /// free: the pipeline then makes progress even when no worker ever gets a thread.
  func takeChunkIfNext(_ index: Int) -> Bool {
    guard permits.wait(timeout: .now()) == .success else { return false }
    lock.wait()
    defer { lock.signal() }
    guard !cancelled, nextChunk == index else {
      permits.signal()
      return false
    }
    nextChunk += 1
    return true
  }

  /// Runs a worker's `body` unless the ring was already cancelled; `waitForWorkers` waits for
  /// exactly those that ran.
  func work(_ body: () -> Void) {
    lock.wait()
    guard !cancelled else {
      lock.signal()
      return
    }
    running.enter()
    lock.signal()
    body()
    running.leave()
  }

  /// Waits for the workers that started; call after `cancel`, so no other starts.
  func waitForWorkers() { running.wait() }

  func markFilled(_ index: Int) { filled[index % size].signal() }
  func waitUntilFilled(_ index: Int) { filled[index % size].wait() }

  /// Waits up to `milliseconds` for chunk `index`; false when it was not filled by then.
  func waitUntilFilled(_ index: Int, milliseconds: Int) -> Bool {
    filled[index % size].wait(timeout: .now() + .milliseconds(milliseconds)) == .success
  }
  /// The consumer is done with chunk `index`: its slot may take chunk `index + size`.
  func markConsumed(_ index: Int) { permits.signal() }

  func withChunk<Result>(for index: Int, _ body: (inout RenderedChunk) throws -> Result) rethrows
    -> Result
  {
    try body(&slots[index % size])
  }

  /// Stops the workers: each wakes, sees the flag, and ends.
  func cancel() {
    lock.wait()
    cancelled = true
    lock.signal()
    permits.signal()
  }
}
