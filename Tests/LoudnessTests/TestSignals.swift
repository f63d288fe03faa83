import Foundation

/// A 1 kHz sine with peaks at `decibels` dBFS, the same in every channel, interleaved.
/// At 48 kHz a period is 48 frames, so the samples hit the peaks exactly.
func sine(
  decibels: Double, seconds: Double, channels: Int = 2, rate: Int = 48_000,
  frequency: Double = 1_000
) -> [Double] {
  let amplitude = pow(10, decibels / 20)
  let frames = Int((seconds * Double(rate)).rounded())
  var values = [Double](repeating: 0, count: frames * channels)
  for frame in 0..<frames {
    let value = amplitude * sin(2 * .pi * frequency * Double(frame) / Double(rate))
    for channel in 0..<channels {
      values[frame * channels + channel] = value
    }
  }
  return values
}
