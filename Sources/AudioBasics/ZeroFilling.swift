extension Array where Element: Numeric {
  /// Appends `count` zeros. Through an array of zeros, not `repeatElement`: a debug build
  /// appends a repeated element one at a time through the generic `Sequence` path, a hundred
  /// times slower (17 ms for 96,000 `Int16`s, against 0.17 ms); in a release build renders
  /// take the same time either way.
  package mutating func appendZeros(_ count: Int) {
    guard count > 0 else { return }
    append(contentsOf: Array(repeating: 0, count: count))
  }

  /// Makes the array hold exactly `count` elements, the new ones zero, keeping its storage
  /// when it is large enough.
  package mutating func resize(to count: Int) {
    if self.count > count {
      removeLast(self.count - count)
    } else {
      appendZeros(count - self.count)
    }
  }
}
