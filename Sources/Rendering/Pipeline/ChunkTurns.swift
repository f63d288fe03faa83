import CSystem
import Dispatch
import Synchronization

/// Whose turn it is to consume: chunk `i` is consumed only after chunk `i - 1`, by the thread
/// that mixed it. A thread whose turn is near spins for it, as a wake across cores costs more
/// than the wait (on this kind of virtual machine, tens of microseconds a wake, and an hour of
/// audio is over a thousand turns); a longer wait sleeps on the slot's semaphore.
final class ChunkTurns: @unchecked Sendable {
  /// The next chunk to be consumed.
  private let turn = Atomic<Int>(0)
  /// One signal per turn, in slot `i % size` for chunk `i`: a turn is taken from it even when
  /// the spin saw it come, so the signals and the waits always pair up.
  private let reached: [DispatchSemaphore]
  /// Pauses a waiting thread spins for before it sleeps: about 250 µs on a 2.5 GHz core whose
  /// pause takes 140 cycles, a little more than an uncompressed chunk takes to write. Zero
  /// when the threads outnumber the cores, where a spin would hold up the thread it waits for.
  let spinLimit: Int

  init(size: Int, spins: Bool) {
    precondition(size > 0, "turns need a slot")
    // Created at 0 and signalled: libdispatch traps when a semaphore is freed below the value
    // it was created with.
    reached = (0..<size).map { _ in DispatchSemaphore(value: 0) }
    reached[0].signal()
    spinLimit = spins ? 4_000 : 0
  }

  /// Returns once every chunk before `index` was consumed.
  func wait(for index: Int) {
    var spun = 0
    while spun < spinLimit && turn.load(ordering: .acquiring) < index {
      xylo_spin_pause()
      spun += 1
    }
    reached[index % reached.count].wait()
  }

  /// Chunk `index` was consumed (or skipped): the next one's turn.
  func pass(after index: Int) {
    // Signalled before the turn is shown, so a thread that saw it in its spin never sleeps.
    reached[(index + 1) % reached.count].signal()
    turn.store(index + 1, ordering: .releasing)
  }
}
