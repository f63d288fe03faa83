import Dispatch
import Testing

@testable import AudioBasics

/// `SampleMemory`, each test with memory of its own, so the mappings it counts are its own.
@Suite struct SampleMemoryTests {
  private let region = SampleMemory.regionBytes

  @Test func smallAllocationsShareARegionAndKeepTheirValues() {
    let memory = SampleMemory()
    let pointers = (0..<6).map { memory.allocate(Int16.self, capacity: 1_000 + $0) }
    for (index, pointer) in pointers.enumerated() {
      #expect(UInt(bitPattern: pointer) % 64 == 0)
      pointer.initialize(repeating: Int16(index), count: 1_000 + index)
    }
    #expect(memory.mappedBytes == region)
    for (index, pointer) in pointers.enumerated() {
      #expect(pointer[999 + index] == Int16(index))
      SampleMemory.free(pointer)
    }
    #expect(memory.mappedBytes == region)  // still the region being filled
  }

  @Test func aFullRegionGoesBackOnceItsLastAllocationIsFreed() {
    let memory = SampleMemory()
    let quarter = region / 4 / MemoryLayout<Float>.stride
    let first = (0..<3).map { _ in memory.allocate(Float.self, capacity: quarter) }
    let second = memory.allocate(Float.self, capacity: quarter)  // no room left: a new region
    #expect(memory.mappedBytes == 2 * region)
    SampleMemory.free(first[0])
    SampleMemory.free(first[1])
    #expect(memory.mappedBytes == 2 * region)  // one allocation still in the first
    SampleMemory.free(first[2])
    #expect(memory.mappedBytes == region)
    SampleMemory.free(second)
    #expect(memory.mappedBytes == region)
  }

  @Test func aLargeAllocationIsMappedAloneInWholeRegions() {
    let memory = SampleMemory()
    let large = memory.allocate(Float.self, capacity: (3 << 20) / MemoryLayout<Float>.stride)
    #expect(memory.mappedBytes == 2 * region)
    large[(3 << 20) / MemoryLayout<Float>.stride - 1] = 1
    SampleMemory.free(large)
    #expect(memory.mappedBytes == 0)
  }

  @Test func threadsAllocatingAndFreeingAtOnceLeaveOnlyTheRegionBeingFilled() {
    let memory = SampleMemory()
    let group = DispatchGroup()
    for thread in 0..<8 {
      DispatchQueue.global().async(group: group) {
        for round in 0..<200 {
          let count = 1 + (thread * 7_919 + round * 104_729) % 300_000
          let pointer = memory.allocate(Int16.self, capacity: count)
          pointer.initialize(repeating: Int16(thread), count: count)
          precondition(pointer[count - 1] == Int16(thread), "values of its own")
          SampleMemory.free(pointer)
        }
      }
    }
    group.wait()
    #expect(memory.mappedBytes <= region)
  }
}
