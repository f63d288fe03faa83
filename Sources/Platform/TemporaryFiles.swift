import Dispatch

/// Temporary files that must not outlive an interrupted process: each is registered from the
/// moment it exists, and `removeOnTerminatingSignals()` makes SIGINT, SIGTERM and SIGHUP
/// remove every registered file before the process dies of the signal.
///
/// The handler may only call async-signal-safe functions, so paths wait in C strings made
/// before the file exists, in a fixed table the handler reads without locking.
package enum TemporaryFiles {
  /// Files registered at once, at most: one per render under way.
  static let capacity = 256

  nonisolated(unsafe) private static let slots:
    UnsafeMutablePointer<
      UnsafeMutablePointer<CChar>?
    > = {
      let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
      table.initialize(repeating: nil, count: capacity)
      return table
    }()
  private static let lock = DispatchSemaphore(value: 1)

  /// Installs the handlers. They are also unblocked: a parent that spawned us from a thread
  /// with signals blocked (as test runners do) would otherwise leave an interrupted render's
  /// file behind. A program calls this once, before it creates temporary files.
  package static func removeOnTerminatingSignals() {
    _ = slots  // made now, not first inside a handler
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblocked, signalNumber) }
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber) { received in
        for index in 0..<TemporaryFiles.capacity {
          if let path = TemporaryFiles.slots[index] { unlink(path) }
        }
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  /// Creates a unique file from `template` (ending in `XXXXXX`), registered for removal.
  ///
  /// `mkstemp` fills in the very string the handler reads, so there is no moment when the file
  /// exists and the handler does not know it. Returns the path, or the reason it cannot.
  package static func create(template: String) -> Result<String, SystemError> {
    guard let buffer = strdup(template) else {
      return .failure(SystemError(path: template, reason: errorText(ENOMEM)))
    }
    lock.wait()
    guard let slot = (0..<capacity).first(where: { slots[$0] == nil }) else {
      lock.signal()
      free(buffer)
      return .failure(SystemError(path: template, reason: "too many temporary files at once"))
    }
    slots[slot] = buffer
    lock.signal()
    let descriptor = mkstemp(buffer)
    guard descriptor >= 0 else {
      let failure = SystemError.current(path: template)
      release(buffer)
      return .failure(failure)
    }
    close(descriptor)
    return .success(String(cString: buffer))
  }

  /// Removes the file if it is still there and forgets it.
  package static func remove(_ path: String) {
    unlink(path)
    forget(path)
  }

  /// Forgets the file, which now belongs elsewhere (renamed into place).
  package static func forget(_ path: String) {
    lock.wait()
    let slot = (0..<capacity).first { index in
      slots[index].map { String(cString: $0) == path } ?? false
    }
    let buffer = slot.flatMap { slots[$0] }
    if let slot { slots[slot] = nil }
    lock.signal()
    free(buffer)
  }

  private static func release(_ buffer: UnsafeMutablePointer<CChar>) {
    lock.wait()
    if let slot = (0..<capacity).first(where: { slots[$0] == buffer }) { slots[slot] = nil }
    lock.signal()
    free(buffer)
  }
}
