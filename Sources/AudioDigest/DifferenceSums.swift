/// Sums over paired interleaved blocks of a golden and a render that tell whether their
/// difference is a change of gain and where in time it lies.
///
/// Constant memory: blocks can be added one at a time as a comparison reads them. Values are
/// summed one by one in frame order, so any block size gives the same sums, bit for bit.
package struct DifferenceSums: Sendable {
  package let channels: Int
  /// Pairs of values compared; a pair holding a NaN or an infinity is counted but not summed.
  package private(set) var valuesCompared = 0
  /// Σ (actual − expected)² over pairs of finite values.
  package private(set) var differenceEnergy = 0.0
  /// Σ (actual − expected) · expected over pairs of finite values.
  package private(set) var differenceAlongExpected = 0.0
  /// Σ expected² over pairs of finite values.
  package private(set) var expectedEnergy = 0.0
  /// From the first frame where any channel differs to the frame after the last one.
  package private(set) var differingFrames: Range<Int>?
  /// True once either side has held a NaN or an infinity.
  package private(set) var holdsNonFinite = false

  package init(channels: Int) {
    self.channels = channels
  }

  /// Adds interleaved blocks of equal length, starting at frame `position`; a trailing partial
  /// frame is ignored.
  package mutating func add(
    expected: UnsafeBufferPointer<Double>, actual: UnsafeBufferPointer<Double>, at position: Int
  ) {
    guard channels > 0 else { return }
    let frames = min(expected.count, actual.count) / channels
    var (energy, along, reference) = (differenceEnergy, differenceAlongExpected, expectedEnergy)
    var (first, last) = (differingFrames?.lowerBound, differingFrames.map { $0.upperBound - 1 })
    var nonFinite = false
    for frame in 0..<frames {
      var differs = false
      for index in (frame * channels)..<((frame + 1) * channels) {
        let (e, a) = (expected[index], actual[index])
        guard e.isFinite && a.isFinite else {
          nonFinite = true
          differs = true
          continue
        }
        let difference = a - e
        energy += difference * difference
        along += difference * e
        reference += e * e
        if a != e { differs = true }
      }
      if differs {
        if first == nil { first = position + frame }
        last = position + frame
      }
    }
    (differenceEnergy, differenceAlongExpected, expectedEnergy) = (energy, along, reference)
    if let first, let last { differingFrames = first..<(last + 1) }
    holdsNonFinite = holdsNonFinite || nonFinite
    valuesCompared += frames * channels
  }

  /// The root mean square of actual − expected over the values compared.
  package var differenceRMS: Double {
    valuesCompared > 0 ? (differenceEnergy / Double(valuesCompared)).squareRoot() : 0
  }

  /// The linear factor g minimising Σ (actual − g · expected)², with the RMS of what scaling by
  /// it leaves; nil when the golden is silent.
  ///
  /// Computed from the difference rather than from Σ actual², so that what is left is measured
  /// against the difference, not against the whole signal, and stays accurate when tiny.
  package var gainFit: (gain: Double, residualRMS: Double)? {
    guard expectedEnergy > 0 && valuesCompared > 0 else { return nil }
    let step = differenceAlongExpected / expectedEnergy
    let residual = max(0, differenceEnergy - step * differenceAlongExpected)
    return (1 + step, (residual / Double(valuesCompared)).squareRoot())
  }
}
