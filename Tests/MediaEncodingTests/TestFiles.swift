import Foundation
import Loudness
import MediaEncoding

/// The bytes of the file at `path`.
func fileBytes(_ path: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Whether `bytes` hold `text`'s UTF-8 bytes somewhere.
func contains(_ bytes: [UInt8], _ text: String) -> Bool {
  contains(bytes, Array(text.utf8))
}

/// Whether `bytes` hold `needle` somewhere.
func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
  guard needle.count <= bytes.count else { return false }
  return (0...(bytes.count - needle.count)).contains { start in
    bytes[start..<(start + needle.count)].elementsEqual(needle)
  }
}

/// A `frequency` Hz sine of peak `amplitude`, the same in every channel, interleaved.
func sine(
  seconds: Double, rate: Int = 48_000, channels: Int = 2, frequency: Double = 1_000,
  amplitude: Double = 0.5
) -> [Float] {
  sine(
    frameCount: Int((seconds * Double(rate)).rounded()), rate: rate, channels: channels,
    frequency: frequency, amplitude: amplitude)
}

/// `frameCount` frames of a `frequency` Hz sine of peak `amplitude`, interleaved.
func sine(
  frameCount: Int, rate: Int, channels: Int, frequency: Double = 1_000, amplitude: Double = 0.5
) -> [Float] {
  var values = [Float](repeating: 0, count: frameCount * channels)
  for frame in 0..<frameCount {
    let value = Float(amplitude * sin(2 * .pi * frequency * Double(frame) / Double(rate)))
    for channel in 0..<channels { values[frame * channels + channel] = value }
  }
  return values
}

/// Writes `values` to `encoder` in blocks of `blockFrames` frames (the last may be shorter),
/// then finishes the file.
func encode(_ values: [Float], with encoder: some AudioEncoder, blockFrames: Int = 4_096) throws {
  let blockValues = blockFrames * encoder.channelCount
  try values.withUnsafeBufferPointer { all in
    var start = 0
    while start < all.count {
      let end = min(start + blockValues, all.count)
      try encoder.write(UnsafeBufferPointer(rebasing: all[start..<end]))
      start = end
    }
  }
  try encoder.finish()
}

/// The integrated loudness of interleaved stereo at 48 kHz, in LUFS.
func integratedLoudness(_ values: [Float]) throws -> Double {
  let meter = try LoudnessMeter(channelCount: 2, sampleRate: 48_000)
  try values.withUnsafeBufferPointer { try meter.add($0) }
  return try meter.measurement().integratedLUFS
}
