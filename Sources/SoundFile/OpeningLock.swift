import CSndFile
import Dispatch

/// libsndfile keeps the reason a file failed to open in one place for the whole process
/// (`sf_strerror(NULL)`), which an open on another thread overwrites: two samples opened at
/// once could report "No Error" for a broken file. Every open, with the reading of its
/// reason when it fails, goes through this one lock; opens take a header's time.
private let openingLock = DispatchSemaphore(value: 1)

/// Runs `open` (an `sf_open` of some kind) under the opening lock; on failure (nil) returns
/// libsndfile's reason, read before any other thread can open a file.
func openedHandle(_ open: () -> OpaquePointer?) -> Result<OpaquePointer, OpenFailure> {
  openingLock.wait()
  defer { openingLock.signal() }
  guard let handle = open() else { return .failure(OpenFailure(reason: libraryReason(nil))) }
  return .success(handle)
}

/// Why libsndfile could not open a file.
struct OpenFailure: Error {
  var reason: String
}
