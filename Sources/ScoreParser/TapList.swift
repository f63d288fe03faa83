/// The taps a score expands to, kept in blocks so that the list never copies itself as it
/// grows (an array that doubles holds its old and new storage at once: twice the taps); joined
/// into one array, once, when handed over.
struct TapList {
  /// Taps in a full block: 2^20, 56 MB, allocated at once and past the allocator's mapping
  /// threshold, so a block let go is given back to the system.
  static let blockCapacity = 1 << 20

  private var blocks: [[Tap]] = []
  private var last: [Tap] = []
  private(set) var count = 0

  mutating func append(_ tap: Tap) {
    if last.count == Self.blockCapacity {
      blocks.append(last)
      last = []
      last.reserveCapacity(Self.blockCapacity)
    }
    last.append(tap)
    count += 1
  }

  /// The taps in one array, in the order appended, leaving the list empty. Each block is let go
  /// as soon as it is copied, so the taps are held about once, not twice.
  mutating func take() -> [Tap] {
    var blocks = self.blocks
    var last = self.last
    self = TapList()
    guard !blocks.isEmpty else { return last }
    var all: [Tap] = []
    all.reserveCapacity(blocks.count * Self.blockCapacity + last.count)
    for index in blocks.indices {
      all.append(contentsOf: blocks[index])
      blocks[index] = []
    }
    all.append(contentsOf: last)
    last = []
    return all
  }
}
