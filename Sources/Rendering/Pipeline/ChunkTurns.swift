import CSystem
import Dispatch
import Platform
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
  /// How long a waiting thread spins before it sleeps, in seconds: longer than a chunk of
  /// 1 MiB takes to write here (0.19 ms), with room for its spread. Timed, not counted: a
  /// pause takes 16 ns on this machine's cores and 140 cycles on others, and 4,000 of them
  /// (66 µs here) sent half the waits to sleep, each woken 35-45 µs late (an hour of one tap
  /// a second 0.157 s against 0.170 s). Zero when the threads outnumber the cores, where a
  /// spin would hold up the thread it waits for.
  let spinSeconds: Double

  init(size: Int, spins: Bool) {
    precondition(size > 0, "turns need a slot")
    // Created at 0 and signalled: libdispatch traps when a semaphore is freed below the value
    // it was created with.
    reached = (0..<size).map { _ in DispatchSemaphore(value: 0) }
    reached[0].signal()
    spinSeconds = spins ? 0.000_5 : 0
  }

  /// Returns once every chunk before `index` was consumed.
  func wait(for index: Int) {
    if spinSeconds > 0 && turn.load(ordering: .acquiring) < index {
      let deadline = monotonicSeconds() + spinSeconds
      var spun = 0
      while turn.load(ordering: .acquiring) < index {
        xylo_spin_pause()
        spun &+= 1
        // The clock read about once a microsecond.
        if spun & 63 == 0 && monotonicSeconds() > deadline { break }
      }
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
