/// The taps a score expands to, kept in blocks so that the list never copies itself as it
/// grows (an array that doubles holds its old and new storage at once: twice the taps); joined
/// into one array, once, when handed over. A block is full at `blockCapacity` taps, or at its
/// capacity past that.
struct TapList {
  /// Taps in a full block: 2^20, 56 MB, allocated at once and past the allocator's mapping
  /// threshold, so a block let go is given back to the system.
  static let blockCapacity = 1 << 20

  private var blocks: [[Tap]] = []
  private var last: [Tap] = []
  private(set) var count = 0

  /// Makes room at once for `count` taps about to be appended, a repeat's, when they are at
  /// least as many as the list holds: they then fill one array, with nothing to join later.
  mutating func reserve(_ count: Int) {
    guard blocks.isEmpty, last.count + count > last.capacity, count >= last.count else { return }
    last.reserveCapacity(last.count + count)
  }

  mutating func append(_ tap: Tap) {
    if last.count >= Self.blockCapacity && last.count == last.capacity {
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
    let count = self.count
    self = TapList()
    guard !blocks.isEmpty else { return last }
    var all: [Tap] = []
    all.reserveCapacity(count)
    for index in blocks.indices {
      all.append(contentsOf: blocks[index])
      blocks[index] = []
    }
    all.append(contentsOf: last)
    last = []
    return all
  }
}
