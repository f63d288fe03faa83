import Platform
import Testing

#if os(Linux)
  @Suite struct ThreadPriorityTests {
    @Test func workRunsFiveNiceLevelsLowerAndTheThreadGetsItsPriorityBack() {
      let before = ThreadPriority.niceValue
      let during = ThreadPriority.whileLowered(by: 5) { ThreadPriority.niceValue }
      #expect(during == min(19, before + 5))
      #expect(ThreadPriority.niceValue == before)
    }
  }
#endif
