import Dispatch
import Mixer

/// A ring of chunk buffers shared by the workers and the consumer. Chunk `i` lives in slot
/// `i % size`; each slot's two semaphores hand it back and forth, so a slot is only ever
/// touched by one thread at a time, and the slots never move.
final class ChunkRing: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<RenderedChunk>
  private let free: [DispatchSemaphore]
  private let filled: [DispatchSemaphore]
  let size: Int
  private let lock = DispatchSemaphore(value: 1)
  private var cancelled = false

  init(size: Int) {
    precondition(size > 0, "a ring needs a slot")
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

  /// Waits until chunk `index`'s slot may be written; false once the ring was cancelled.
  func waitUntilFree(_ index: Int) -> Bool {
    free[index % size].wait()
    lock.wait()
    defer { lock.signal() }
    return !cancelled
  }

  func markFilled(_ index: Int) { filled[index % size].signal() }
  func waitUntilFilled(_ index: Int) { filled[index % size].wait() }
  func markFree(_ index: Int) { free[index % size].signal() }

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
    for semaphore in free { semaphore.signal() }
  }
}
