/// The lowest and highest value of a signal in each pixel column of a waveform lane.
///
/// Column `c` of `columns` covers frames `c * totalFrames / columns` up to the next column's
/// first frame, and at least one frame. A column is `nil` where the signal has no frame or
/// only non-finite values there.
enum Envelope {
  /// The range of the channel average of `values` (interleaved, `channels` a frame).
  static func averaged(
    _ values: [Double], channels: Int, totalFrames: Int, columns: Int
  ) -> [ClosedRange<Double>?] {
    let frames = values.count / channels
    let scale = 1 / Double(channels)
    return columnRanges(totalFrames: totalFrames, columns: columns).map { range in
      var tracker = RangeTracker()
      for frame in range.clamped(to: 0..<frames) {
        var sum = 0.0
        for channel in 0..<channels { sum += values[frame * channels + channel] }
        tracker.add(sum * scale)
      }
      return tracker.range
    }
  }

  /// The range of `actual - expected` over every channel separately, so that opposite
  /// differences in two channels do not cancel; a frame past the end of either is 0.
  static func difference(
    expected: [Double], actual: [Double], channels: Int, totalFrames: Int, columns: Int
  ) -> [ClosedRange<Double>?] {
    let expectedCount = expected.count / channels * channels
    let actualCount = actual.count / channels * channels
    return columnRanges(totalFrames: totalFrames, columns: columns).map { range in
      var tracker = RangeTracker()
      for index in (range.lowerBound * channels)..<(range.upperBound * channels) {
        let e = index < expectedCount ? expected[index] : 0
        let a = index < actualCount ? actual[index] : 0
        tracker.add(a - e)
      }
      return tracker.range
    }
  }

  /// The largest magnitude in `envelope`, or 0.
  static func peak(_ envelope: [ClosedRange<Double>?]) -> Double {
    envelope.reduce(0) { peak, range in
      guard let range else { return peak }
      return max(peak, abs(range.lowerBound), abs(range.upperBound))
    }
  }

  /// The frames each column covers: every range is empty when `totalFrames` is 0.
  static func columnRanges(totalFrames: Int, columns: Int) -> [Range<Int>] {
    guard columns > 0 else { return [] }
    return (0..<columns).map { column in
      let first = column * totalFrames / columns
      let next = (column + 1) * totalFrames / columns
      return first..<min(max(next, first + 1), totalFrames)
    }
  }
}

/// The smallest and largest finite value seen.
private struct RangeTracker {
  private var low = Double.infinity
  private var high = -Double.infinity

  mutating func add(_ value: Double) {
    guard value.isFinite else { return }
    low = min(low, value)
    high = max(high, value)
  }

  var range: ClosedRange<Double>? { low <= high ? low...high : nil }
}
