extension Score {
  /// When bar `number` (1 is the first) starts, on the score's tempo map and meters (4/4 until
  /// the first); `nil` when the score ends first.
  public func startOfBar(_ number: Int) -> Rational? {
    guard number > 1 else { return number == 1 ? .zero : nil }
    var bars = 1
    var found: Rational?
    walkMeterGrid(tempos: tempoChanges, meters: meterChanges, through: duration) { time, starts in
      guard starts, found == nil else { return }
      bars += 1
      if bars == number { found = time }
    }
    return found
  }

  /// The part from `start` to `end` (seconds; `nil`: the end), moved to start at 0: the taps
  /// from `start` (inclusive) to `end` (exclusive), the tempo and meter in force at `start`
  /// and those set after it, and `end - start` as the duration.
  public func excerpt(from start: Rational, to end: Rational?) -> Score {
    let stop = end.map { min($0, duration) } ?? duration
    var part = self
    part.taps = taps.filter { !($0.time < start) && $0.time < stop }.map { tap in
      var moved = tap
      moved.time = tap.time.subtracting(start) ?? tap.time
      return moved
    }
    part.duration = stop.subtracting(start) ?? .zero
    func shifted<Change>(_ changes: [Change], time: WritableKeyPath<Change, Rational>) -> [Change] {
      var kept: [Change] = []
      for change in changes where change[keyPath: time] < stop {
        var moved = change
        moved[keyPath: time] = max(.zero, change[keyPath: time].subtracting(start) ?? .zero)
        // A change before the start is in force from 0 only if no later one is.
        if moved[keyPath: time] == .zero, let last = kept.last, last[keyPath: time] == .zero {
          kept.removeLast()
        }
        kept.append(moved)
      }
      return kept
    }
    part.tempoChanges = shifted(tempoChanges, time: \.time)
    part.meterChanges = shifted(meterChanges, time: \.time)
    return part
  }
}
