import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory for samples' values, in regions of 2 MiB mapped for them, which Linux may back with
/// huge pages (`MADV_HUGEPAGE`): the first touch of a sample then costs a fault a region, not
/// one every 4 KiB (about 2.7 µs each on the virtual machines measured, where the eight app
/// keys and HighC's resampled planes took about 1,100 of them). Small allocations share the
/// region being filled; one of 1 MiB or more is mapped alone. A mapping goes back to the
/// system once every allocation in it is freed and no new one is taken from it.
package final class SampleMemory: @unchecked Sendable {
  /// The memory every sample's values are kept in.
  package static let shared = SampleMemory()
  /// The size and alignment of a shared region: one huge page.
  package static let regionBytes = 2 << 20
  /// Allocations this large or larger are mapped alone, rounded up to whole regions.
  package static let ownMappingBytes = 1 << 20
  /// Room before the first allocation of a mapping: its bookkeeping.
  private static let headerBytes = 64

  private let lock = DispatchSemaphore(value: 1)
  /// The region new small allocations are taken from, and how much of it is taken.
  private var filling: UnsafeMutableRawPointer?
  private var used = 0
  private var mapped = 0

  package init() {}

  deinit {
    if let filling { unmapIfUnused(filling, retiring: true) }
  }

  /// Bytes mapped now: the mappings with memory in use, and the region being filled.
  package var mappedBytes: Int { locked { mapped } }

  /// Room for `capacity` values of `type`, aligned to 64 bytes, uninitialized; given back
  /// with `SampleMemory.free`.
  package func allocate<Value>(_ type: Value.Type, capacity: Int) -> UnsafeMutablePointer<Value> {
    precondition(MemoryLayout<Value>.alignment <= Self.headerBytes, "values aligned to 64 bytes")
    let bytes = max(64, (max(1, capacity) * MemoryLayout<Value>.stride + 63) & ~63)
    let raw = locked { () -> UnsafeMutableRawPointer in
      if bytes >= Self.ownMappingBytes {
        let size = (Self.headerBytes + bytes + Self.regionBytes - 1) / Self.regionBytes
        let base = map(bytes: size * Self.regionBytes)
        header(base).pointee.live = 1
        return base + Self.headerBytes
      }
      if filling == nil || used + bytes > Self.regionBytes {
        if let old = filling { unmapIfUnused(old, retiring: true) }
        filling = map(bytes: Self.regionBytes)
        header(filling).pointee.isFilling = true
        used = Self.headerBytes
      }
      guard let base = filling else { preconditionFailure("a region is being filled") }
      header(base).pointee.live += 1
      used += bytes
      return base + (used - bytes)
    }
    return raw.bindMemory(to: Value.self, capacity: max(1, capacity))
  }

  /// Gives back memory from `allocate`: its mapping goes once nothing in it is in use.
  package static func free(_ pointer: UnsafeMutableRawPointer) {
    let start = UInt(bitPattern: pointer) & ~UInt(regionBytes - 1)
    guard let base = UnsafeMutableRawPointer(bitPattern: start) else {
      preconditionFailure("memory from SampleMemory")
    }
    let owner = header(base).pointee.owner.takeUnretainedValue()
    owner.locked {
      precondition(owner.header(base).pointee.live > 0, "memory freed once")
      owner.header(base).pointee.live -= 1
      owner.unmapIfUnused(base, retiring: false)
    }
  }

  /// A mapping's bookkeeping, in its first bytes.
  private struct Header {
    /// The memory it belongs to (which outlives it: every mapping is gone before it).
    var owner: Unmanaged<SampleMemory>
    /// Allocations in it not yet freed.
    var live: Int
    var mappedBytes: Int
    /// Whether new allocations are still taken from it.
    var isFilling: Bool
  }

  private static func header(_ base: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Header> {
    base.assumingMemoryBound(to: Header.self)
  }

  private func header(_ base: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<Header> {
    guard let base else { preconditionFailure("a mapping") }
    return Self.header(base)
  }

  /// Unmaps a mapping nothing uses and none is taken from; `retiring`, it is no longer filled.
  private func unmapIfUnused(_ base: UnsafeMutableRawPointer, retiring: Bool) {
    let region = header(base)
    if retiring { region.pointee.isFilling = false }
    guard region.pointee.live == 0, !region.pointee.isFilling else { return }
    mapped -= region.pointee.mappedBytes
    munmap(base, region.pointee.mappedBytes)
  }

  /// `bytes` (whole regions) mapped at an address aligned to a region, asked to be backed by
  /// huge pages, with its bookkeeping set up.
  private func map(bytes: Int) -> UnsafeMutableRawPointer {
    let spare = Self.regionBytes
    let flags = MAP_PRIVATE | MAP_ANONYMOUS
    guard let start = mmap(nil, bytes + spare, PROT_READ | PROT_WRITE, flags, -1, 0),
      start != MAP_FAILED
    else { preconditionFailure("out of memory for samples (\(bytes) bytes)") }
    let address = UInt(bitPattern: start)
    let before = Int(((address + UInt(spare - 1)) & ~UInt(spare - 1)) - address)
    if before > 0 { munmap(start, before) }
    if spare > before { munmap(start + before + bytes, spare - before) }
    let base = start + before
    #if os(Linux)
      _ = madvise(base, bytes, MADV_HUGEPAGE)
    #endif
    base.bindMemory(to: Header.self, capacity: 1).initialize(
      to: Header(
        owner: Unmanaged.passUnretained(self), live: 0, mappedBytes: bytes, isFilling: false))
    mapped += bytes
    return base
  }

  private func locked<Result>(_ body: () -> Result) -> Result {
    lock.wait()
    defer { lock.signal() }
    return body()
  }
}
