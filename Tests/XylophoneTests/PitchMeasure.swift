import Foundation

/// The magnitude of one frequency in `values` (Hann-windowed), by the Goertzel recurrence.
func magnitude(of values: ArraySlice<Float>, at frequency: Double, rate: Double) -> Double {
  let count = values.count
  let coefficient = 2 * cos(2 * Double.pi * frequency / rate)
  var (s1, s2) = (0.0, 0.0)
  // Through the buffer: an `enumerated()` loop is several times slower in the debug build.
  values.withUnsafeBufferPointer { values in
    for offset in 0..<count {
      let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(offset) / Double(count - 1))
      let s0 = Double(values[offset]) * window + coefficient * s1 - s2
      (s2, s1) = (s1, s0)
    }
  }
  return (s1 * s1 + s2 * s2 - coefficient * s1 * s2).squareRoot()
}

/// The frequency of the strongest peak within `target` ± `spread` (a fraction), to 0.01 Hz:
/// a coarse scan, then golden-section search around the best coarse point.
func peakFrequency(
  in values: ArraySlice<Float>, near target: Double, spread: Double, rate: Double
) -> Double {
  let step = target * spread / 20
  var best = target
  var bestMagnitude = -1.0
  for index in -20...20 {
    let frequency = target + Double(index) * step
    let value = magnitude(of: values, at: frequency, rate: rate)
    if value > bestMagnitude { (best, bestMagnitude) = (frequency, value) }
  }
  var (low, high) = (best - step, best + step)
  let ratio = (5.0.squareRoot() - 1) / 2
  while high - low > 0.01 {
    let a = high - ratio * (high - low)
    let b = low + ratio * (high - low)
    if magnitude(of: values, at: a, rate: rate) > magnitude(of: values, at: b, rate: rate) {
      high = b
    } else {
      low = a
    }
  }
  return (low + high) / 2
}
