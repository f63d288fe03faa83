import Foundation

/// `frameCount` frames of a sine at `frequency` Hz sampled at `rate` Hz, peak `amplitude`.
func tone(_ frequency: Double, rate: Int, frameCount: Int, amplitude: Double = 0.5) -> [Float] {
  (0..<frameCount).map {
    Float(amplitude * sin(2 * Double.pi * frequency * Double($0) / Double(rate)))
  }
}

/// The frequency of a tone from its rising zero crossings, interpolated between frames.
func frequency(of values: ArraySlice<Float>, rate: Int) -> Double {
  var crossings: [Double] = []
  for index in values.indices.dropFirst() where values[index - 1] < 0 && values[index] >= 0 {
    let a = Double(values[index - 1])
    let b = Double(values[index])
    crossings.append(Double(index - 1) + a / (a - b))
  }
  guard let first = crossings.first, let last = crossings.last, last > first else { return 0 }
  return Double(crossings.count - 1) * Double(rate) / (last - first)
}

/// How far `measured` is from `expected`, in cents (hundredths of an equal-tempered semitone).
func cents(_ measured: Double, from expected: Double) -> Double {
  1_200 * log2(measured / expected)
}

/// Channel `channel` of interleaved frames holding `channels` channels.
func channel(_ channel: Int, of values: [Float], channels: Int) -> [Float] {
  stride(from: channel, to: values.count, by: channels).map { values[$0] }
}

/// Interleaves equally long channels into frames.
func interleave(_ left: [Float], _ right: [Float]) -> [Float] {
  zip(left, right).flatMap { [$0, $1] }
}
