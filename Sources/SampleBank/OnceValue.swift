import Dispatch

/// A value made once for every thread that asks: the first to ask makes it, the others wait
/// for that one; `release` lets it go, and a later ask makes it again (but not
/// `makeUnlessStarted` nor `valueUnlessReleased`: what was handed over is not made again ahead
/// of time). Loading threads share a key's decoding this way, and a bank loading ahead of time
/// shares its work with them.
package final class OnceValue<Value>: @unchecked Sendable {
  private let make: @Sendable () -> Value
  private var state = State.waiting
  private let lock = DispatchSemaphore(value: 1)

  private enum State {
    case waiting
    /// Made, handed over and let go.
    case released
    /// Being made; the group is left when it is.
    case making(DispatchGroup)
    case made(Value)
  }

  package init(_ make: @escaping @Sendable () -> Value) {
    self.make = make
  }

  /// The value: made now, or when another thread is making it, once that one has.
  package var value: Value {
    guard let value = made(again: true) else {
      preconditionFailure("a released value is made again")
    }
    return value
  }

  /// The value, made now or waited for, unless it was handed over and let go: then nil, so
  /// that what a render took is not made again ahead of time.
  package var valueUnlessReleased: Value? { made(again: false) }

  /// The value made, by this thread or another; `again`, a released value is made again.
  private func made(again: Bool) -> Value? {
    while true {
      lock.wait()
      switch state {
      case .made(let value):
        lock.signal()
        return value
      case .making(let group):
        lock.signal()
        group.wait()  // then looks again: it may have been released meanwhile
      case .released where !again:
        lock.signal()
        return nil
      case .waiting, .released:
        return makeClaimed()
      }
    }
  }

  /// Makes the value unless it is made, being made or was handed over; never waits. Returns
  /// what it made, nil when it made nothing.
  @discardableResult
  package func makeUnlessStarted() -> Value? {
    lock.wait()
    guard case .waiting = state else {
      lock.signal()
      return nil
    }
    return makeClaimed()
  }

  /// Lets the value go, so its memory can go with its last user.
  package func release() {
    lock.wait()
    defer { lock.signal() }
    if case .made = state { state = .released }
  }

  /// Makes the value; called holding the lock, which it gives up while making.
  private func makeClaimed() -> Value {
    let group = DispatchGroup()
    group.enter()
    state = .making(group)
    lock.signal()
    let value = make()
    lock.wait()
    state = .made(value)
    lock.signal()
    group.leave()
    return value
  }
}
