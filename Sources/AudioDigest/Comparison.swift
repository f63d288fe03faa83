/// What differs between two decoded signals, gathered block by block in constant memory.
package struct DifferenceMeter: Sendable {
  package let channels: Int
  /// The first frame where any channel differs, with that channel and both values.
  package private(set) var firstDifference:
    (frame: Int64, channel: Int, expected: Double, actual: Double)?
  /// The largest absolute difference and the first frame where it occurs.
  package private(set) var largest: (value: Double, frame: Int64) = (0, 0)
  package private(set) var differingFrames: Int64 = 0
  package private(set) var framesCompared: Int64 = 0
  /// The largest absolute value in either signal: zero means both are silent.
  package private(set) var loudest: Double = 0
  private var sumOfSquares: Double = 0

  package init(channels: Int) {
    self.channels = channels
  }

  /// Adds interleaved blocks of equal length, starting at frame `position`.
  package mutating func add(
    expected: UnsafeBufferPointer<Double>, actual: UnsafeBufferPointer<Double>, at position: Int64
  ) {
    let frames = min(expected.count, actual.count) / channels
    for frame in 0..<frames {
      var differs = false
      for channel in 0..<channels {
        let index = frame * channels + channel
        let (a, b) = (expected[index], actual[index])
        loudest = max(loudest, abs(a), abs(b))
        let difference = b - a
        guard difference != 0 || a.isNaN != b.isNaN else { continue }
        differs = true
        let magnitude = abs(difference)
        sumOfSquares += magnitude * magnitude
        if firstDifference == nil {
          firstDifference = (position + Int64(frame), channel, a, b)
        }
        if magnitude > largest.value { largest = (magnitude, position + Int64(frame)) }
      }
      if differs { differingFrames += 1 }
    }
    framesCompared += Int64(frames)
  }

  /// The root mean square of the difference over every value compared.
  package var differenceRMS: Double {
    let count = Double(framesCompared) * Double(channels)
    return count > 0 ? (sumOfSquares / count).squareRoot() : 0
  }
}
