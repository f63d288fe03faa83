import Foundation

/// Removes the render's temporary file when SIGINT, SIGTERM or SIGHUP arrive, then dies of the
/// signal as it would have.
///
/// The handler may only call async-signal-safe functions, so the path waits in a C string
/// made before any signal can arrive.
enum CleanupOnSignal {
  nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?

  static func register(_ temporaryPath: String) {
    unregister()
    path = strdup(temporaryPath)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber) { received in
        if let path = CleanupOnSignal.path { unlink(path) }
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  static func unregister() {
    guard let current = path else { return }
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { signal(signalNumber, SIG_DFL) }
    path = nil
    free(current)
  }
}
