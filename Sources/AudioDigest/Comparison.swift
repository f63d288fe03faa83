/// What differs between two decoded signals, gathered block by block in constant memory.
///
/// A value that is not finite (NaN or an infinity) never matches, not even the same infinity
/// at the same place in both files: the files may be equal bit for bit, but a golden holding one
/// hides a broken render, so such a pair counts as a difference whatever the tolerance. The
/// sizes (`largest`, `differenceRMS`, `loudest`) count finite values only, so they stay numbers.
package struct DifferenceMeter: Sendable {
  /// The two files compared.
  package enum Side: Sendable {
    case expected
    case actual
  }

  package let channels: Int
  /// The first frame where any channel differs, with that channel and both values.
  package private(set) var firstDifference:
    (frame: Int64, channel: Int, expected: Double, actual: Double)?
  /// The largest absolute difference between finite values and the first frame where it occurs.
  package private(set) var largest: (value: Double, frame: Int64) = (0, 0)
  /// Frames where a channel differs or holds a value that is not finite in either file.
  package private(set) var differingFrames: Int64 = 0
  package private(set) var framesCompared: Int64 = 0
  /// The largest finite absolute value in either signal: zero means both are silent.
  package private(set) var loudest: Double = 0
  private var sumOfSquares: Double = 0
  /// Pairs of values compared where both are finite: the count the RMS averages over.
  private var finitePairs: Int64 = 0
  private var firstNonFiniteExpected: (frame: Int64, channel: Int, value: Double)?
  private var firstNonFiniteActual: (frame: Int64, channel: Int, value: Double)?

  package init(channels: Int) {
    self.channels = channels
  }

  /// The first NaN or infinity in one file, with its frame and channel.
  package func firstNonFinite(in side: Side) -> (frame: Int64, channel: Int, value: Double)? {
    side == .expected ? firstNonFiniteExpected : firstNonFiniteActual
  }

  /// True when either file holds a NaN or an infinity anywhere it was measured.
  package var holdsNonFinite: Bool {
    firstNonFiniteExpected != nil || firstNonFiniteActual != nil
  }

  /// Adds interleaved blocks of equal length, starting at frame `position`.
  package mutating func add(
    expected: UnsafeBufferPointer<Double>, actual: UnsafeBufferPointer<Double>, at position: Int64
  ) {
    let frames = min(expected.count, actual.count) / channels
    for frame in 0..<frames {
      var differs = false
      let at = position + Int64(frame)
      for channel in 0..<channels {
        let index = frame * channels + channel
        let (a, b) = (expected[index], actual[index])
        guard a.isFinite && b.isFinite else {
          if !a.isFinite { note(a, in: .expected, frame: at, channel: channel) }
          if !b.isFinite { note(b, in: .actual, frame: at, channel: channel) }
          if a.isFinite { loudest = max(loudest, abs(a)) }
          if b.isFinite { loudest = max(loudest, abs(b)) }
          if firstDifference == nil { firstDifference = (at, channel, a, b) }
          differs = true
          continue
        }
        finitePairs += 1
        loudest = max(loudest, abs(a), abs(b))
        guard a != b else { continue }
        differs = true
        let magnitude = abs(b - a)
        sumOfSquares += magnitude * magnitude
        if firstDifference == nil { firstDifference = (at, channel, a, b) }
        if magnitude > largest.value { largest = (magnitude, at) }
      }
      if differs { differingFrames += 1 }
    }
    framesCompared += Int64(frames)
  }

  /// Adds interleaved frames of one file that the other, shorter file has no match for,
  /// starting at frame `position`: only values that are not finite are noted.
  package mutating func addUnpaired(
    _ values: UnsafeBufferPointer<Double>, of side: Side, at position: Int64
  ) {
    guard firstNonFinite(in: side) == nil else { return }
    for (index, value) in values.enumerated() where !value.isFinite {
      note(value, in: side, frame: position + Int64(index / channels), channel: index % channels)
      return
    }
  }

  /// Keeps the first value that is not finite of each file.
  private mutating func note(_ value: Double, in side: Side, frame: Int64, channel: Int) {
    switch side {
    case .expected where firstNonFiniteExpected == nil:
      firstNonFiniteExpected = (frame, channel, value)
    case .actual where firstNonFiniteActual == nil:
      firstNonFiniteActual = (frame, channel, value)
    default: break
    }
  }

  /// The root mean square of the difference over every pair of finite values compared.
  package var differenceRMS: Double {
    finitePairs > 0 ? (sumOfSquares / Double(finitePairs)).squareRoot() : 0
  }
}
