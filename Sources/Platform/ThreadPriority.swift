import CSystem

/// The calling thread's scheduling priority.
package enum ThreadPriority {
  /// The calling thread's nice value: higher runs less often.
  package static var niceValue: Int32 { xylo_thread_nice() }

  /// Runs `body` with the calling thread `steps` nice levels below its priority (Linux; a
  /// no-op elsewhere), then restores it: for work that must yield the core to another thread
  /// of the process, as mixing workers yield to the thread writing their output.
  package static func whileLowered<Result>(by steps: Int32, _ body: () throws -> Result) rethrows
    -> Result
  {
    let before = xylo_thread_nice()
    xylo_set_thread_nice(before + steps)
    defer { xylo_set_thread_nice(before) }
    return try body()
  }
}
