import Dispatch

/// Calls `body` with every index below `count`, on `jobs` threads that each take the next index
/// not yet taken; returns when all are done. Each worker has a serial queue of its own, so it
/// gets a thread even when the others wait.
package func forEachIndex(
  below count: Int, jobs: Int, label: String, _ body: @escaping @Sendable (Int) -> Void
) {
  let next = Counter()
  let group = DispatchGroup()
  for worker in 0..<max(1, min(jobs, count)) {
    DispatchQueue(label: "xylo-render.\(label).\(worker)").async(group: group) {
      while let index = next.take(below: count) { body(index) }
    }
  }
  group.wait()
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
