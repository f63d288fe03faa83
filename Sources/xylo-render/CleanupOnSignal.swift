import Platform

/// Removes the render's temporary file when SIGINT, SIGTERM or SIGHUP arrive, then dies of the
/// signal as it would have.
///
/// The handler may only call async-signal-safe functions, so the path waits in a C string
/// made before any signal can arrive.
enum CleanupOnSignal {
  nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?

  /// Installs the handlers before the temporary file exists, so no signal can slip between.
  /// They are also unblocked: a parent that spawned us from a thread with signals blocked
  /// (as test runners do) would otherwise leave an interrupted render's file behind.
  static func prepare() {
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblocked, signalNumber) }
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    // Past a file-size limit (`ulimit -f`) a write should fail with EFBIG and be reported,
    // not kill the process with SIGXFSZ before it can clean up.
    signal(SIGXFSZ, SIG_IGN)
    // Likewise a reader of `-o -` that goes away: report the broken pipe and clean up.
    signal(SIGPIPE, SIG_IGN)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber) { received in
        if let path = CleanupOnSignal.path { unlink(path) }
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  /// Creates a unique file from `template` (ending in `XXXXXX`) that the handlers will remove.
  ///
  /// `mkstemp` fills in the very string the handler reads, so there is no moment when the file
  /// exists and the handler does not know it. Returns the path, or `nil` with `errno` set.
  static func createTemporaryFile(template: String) -> String? {
    prepare()
    unregister()
    guard let buffer = strdup(template) else { return nil }
    path = buffer
    let descriptor = mkstemp(buffer)
    guard descriptor >= 0 else {
      let saved = errno
      unregister()
      errno = saved
      return nil
    }
    close(descriptor)
    return String(cString: buffer)
  }

  /// Forgets the file; a signal now simply ends the process.
  static func unregister() {
    guard let current = path else { return }
    path = nil
    free(current)
  }
}
