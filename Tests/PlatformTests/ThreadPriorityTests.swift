import Platform
import Testing

#if os(Linux)
  import Glibc

  @Suite struct ThreadPriorityTests {
    @Test func workRunsFiveNiceLevelsBelowTheMainThread() {
      let target = min(19, ThreadPriority.processNiceValue + 5)
      let before = ThreadPriority.niceValue
      let during = ThreadPriority.whileLowered(by: 5) { ThreadPriority.niceValue }
      #expect(during == max(before, target))
      // Twice in a row on one thread never goes further down.
      let again = ThreadPriority.whileLowered(by: 5) {
        ThreadPriority.whileLowered(by: 5) { ThreadPriority.niceValue }
      }
      #expect(again == during)
    }

    @Test(
      .enabled(if: getuid() == 0, "raising a thread's priority back needs root (CI runs as root)"))
    func theThreadGetsItsPriorityBack() {
      let before = ThreadPriority.niceValue
      ThreadPriority.whileLowered(by: 5) {}
      #expect(ThreadPriority.niceValue == before)
    }
  }
#endif
