import CSystem

/// The calling thread's scheduling priority.
package enum ThreadPriority {
  /// The calling thread's nice value: higher runs less often.
  package static var niceValue: Int32 { xylo_thread_nice() }

  /// The main thread's nice value.
  package static var processNiceValue: Int32 { xylo_process_nice() }

  /// Runs `body` on the calling thread at `steps` nice levels below the main thread (Linux; a
  /// no-op elsewhere): for work that must leave the core to the main thread, as mixing
  /// workers leave it to the thread writing their output. The thread's priority is restored
  /// afterwards where the system allows it (raising it back needs privilege): a pooled thread
  /// may then stay at that level, never below it, however often this runs on it.
  package static func whileLowered<Result>(by steps: Int32, _ body: () throws -> Result) rethrows
    -> Result
  {
    let before = xylo_thread_nice()
    _ = xylo_set_thread_nice(max(before, min(19, xylo_process_nice() + steps)))
    defer { _ = xylo_set_thread_nice(before) }
    return try body()
  }
}
