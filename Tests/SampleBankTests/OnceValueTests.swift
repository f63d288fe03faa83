import Dispatch
import Testing

@testable import SampleBank

/// How many times a value was made, from any thread.
private final class Counter: @unchecked Sendable {
  private var count = 0
  private let lock = DispatchSemaphore(value: 1)

  func next() -> Int {
    lock.wait()
    defer { lock.signal() }
    count += 1
    return count
  }
}

@Suite struct OnceValueTests {
  @Test func threadsAskingAtOnceShareOneMaking() {
    let made = Counter()
    let once = OnceValue { made.next() }
    let group = DispatchGroup()
    let seen = Counter()
    for _ in 0..<8 {
      DispatchQueue.global().async(group: group) {
        if once.value == 1 { _ = seen.next() }
      }
    }
    group.wait()
    #expect(seen.next() == 9)  // all eight saw the first making
    #expect(made.next() == 2)  // and it was the only one
  }

  @Test func aReleasedValueIsMadeAgainWhenAskedButNotAhead() {
    let made = Counter()
    let once = OnceValue { made.next() }
    #expect(once.makeUnlessStarted() == 1)
    #expect(once.makeUnlessStarted() == nil)  // made: nothing to do ahead
    #expect(once.value == 1)
    once.release()
    #expect(once.makeUnlessStarted() == nil)  // handed over: not made again ahead of time
    #expect(once.value == 2)  // but made again for whoever asks
  }

  @Test func valueUnlessReleasedWaitsForAMakingButNeverRemakes() {
    let made = Counter()
    let started = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let once = OnceValue { () -> Int in
      started.signal()
      proceed.wait()
      return made.next()
    }
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { _ = once.value }
    started.wait()  // being made on the other thread
    let waited = Counter()
    DispatchQueue.global().async(group: group) {
      if once.valueUnlessReleased == 1 { _ = waited.next() }
    }
    proceed.signal()
    group.wait()
    #expect(waited.next() == 2)  // it waited for the one making, and got its value
    once.release()
    #expect(once.valueUnlessReleased == nil)  // handed over: left to whoever took it
    #expect(made.next() == 2)  // made once in all
  }

  @Test func valueUnlessReleasedMakesAValueNotYetStarted() {
    let made = Counter()
    let once = OnceValue { made.next() }
    #expect(once.valueUnlessReleased == 1)
    #expect(once.value == 1)
  }
}
