import Dispatch

/// Calls `body` with every index below `count`, on up to `jobs` threads that each take the next
/// index not yet taken; returns when all are done. The calling thread is one of the workers and
/// waits only for indices other workers took, never for a worker to start: nested loops (tests
/// run at once, each loading samples at once) cannot starve themselves however many wait, even
/// when the system's thread pool has no thread left for the others.
package func forEachIndex(
  below count: Int, jobs: Int, label: String, _ body: @escaping @Sendable (Int) -> Void
) {
  guard count > 0 else { return }
  let next = Counter()
  let done = DispatchSemaphore(value: 0)
  let work: @Sendable () -> Void = {
    while let index = next.take(below: count) {
      body(index)
      done.signal()
    }
  }
  for worker in 1..<max(1, min(jobs, count)) {
    DispatchQueue(label: "xylo-render.\(label).\(worker)").async(execute: work)
  }
  work()
  for _ in 0..<count { done.wait() }
}

/// One value per index, set from any thread, read once every worker has ended.
final class IndexedValues<Value>: @unchecked Sendable {
  private var slots: [Value?]
  private let lock = DispatchSemaphore(value: 1)

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func set(_ value: Value, at index: Int) {
    lock.wait()
    defer { lock.signal() }
    slots[index] = value
  }

  /// The values in index order; nil where none was set.
  var values: [Value?] {
    lock.wait()
    defer { lock.signal() }
    return slots
  }
}

/// The next index to take, shared by workers.
private final class Counter: @unchecked Sendable {
  private var value = 0
  private let lock = DispatchSemaphore(value: 1)

  func take(below limit: Int) -> Int? {
    lock.wait()
    defer { lock.signal() }
    guard value < limit else { return nil }
    value += 1
    return value - 1
  }
}
