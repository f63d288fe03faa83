import Dispatch

/// Temporary files that must not outlive an interrupted process: each is registered from the
/// moment it exists, and `removeOnTerminatingSignals()` makes every signal that ends a process
/// remove every registered file first. Names carry the process id, so a later process can
/// remove what one killed outright (SIGKILL) left behind.
///
/// The handler may only call async-signal-safe functions, so paths wait in C strings made
/// before the file exists, in a fixed table the handler reads without locking.
package enum TemporaryFiles {
  /// Files registered at once, at most: a render's output and a golden test's scratch file
  /// for each of up to 256 tests at once, with room to spare.
  static let capacity = 1_024

  nonisolated(unsafe) private static let slots:
    UnsafeMutablePointer<
      UnsafeMutablePointer<CChar>?
    > = {
      let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
      table.initialize(repeating: nil, count: capacity)
      return table
    }()
  private static let lock = DispatchSemaphore(value: 1)

  /// The signals whose default action ends the process (SIGKILL and SIGSTOP cannot be caught;
  /// SIGPIPE and SIGXFSZ are for the program to ignore and report as write errors).
  package static let terminatingSignals = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXCPU, SIGALRM, SIGVTALRM, SIGPROF, SIGUSR1, SIGUSR2,
  ]

  /// Installs the handlers. They are also unblocked: a parent that spawned us from a thread
  /// with signals blocked (as test runners do) would otherwise leave an interrupted render's
  /// file behind. A program calls this once, before it creates temporary files.
  package static func removeOnTerminatingSignals() {
    _ = slots  // made now, not first inside a handler
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signalNumber in terminatingSignals { sigaddset(&unblocked, signalNumber) }
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    for signalNumber in terminatingSignals {
      signal(signalNumber) { received in
        for index in 0..<TemporaryFiles.capacity {
          if let path = TemporaryFiles.slots[index] { unlink(path) }
        }
        // Those whose default would dump core (SIGQUIT, SIGXCPU) exit as a shell reports a
        // signal, 128 + N, without a core file or a crash report; the rest die of the signal.
        if received == SIGQUIT || received == SIGXCPU { _exit(128 + received) }
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  /// The name prefix of temporary files for `name` made by process `pid`:
  /// `.NAME.xylo-PID-`.
  package static func prefix(for name: String, pid: Int32 = getpid()) -> String {
    ".\(name).xylo-\(pid)-"
  }

  /// Removes temporary files for `name` in `folder` whose process is gone: what a render
  /// killed with SIGKILL (or a power cut) left behind.
  package static func removeAbandoned(for name: String, in folder: String) {
    let start = ".\(name).xylo-"
    guard let names = try? FileSystem.contents(ofDirectory: folder) else { return }
    for entry in names where entry.hasPrefix(start) {
      let rest = entry.dropFirst(start.count)
      guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0,
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      unlink(Path.join(folder, entry))
    }
  }

  /// Creates a unique file from `template` (ending in `XXXXXX`), registered for removal.
  ///
  /// `mkstemp` fills in the very string the handler reads, so there is no moment when the file
  /// exists and the handler does not know it. Returns the path, or the reason it cannot.
  /// `suffix` follows the `XXXXXX` (`.flac`), so the file's name says what it holds from the
  /// start. The corresponding C functions are `mkstemp` and `mkstemps`.
  package static func create(template: String, suffix: String = "") -> Result<String, SystemError> {
    let template = template + suffix
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
    let descriptor =
      suffix.isEmpty ? mkstemp(buffer) : mkstemps(buffer, Int32(suffix.utf8.count))
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
