import AudioBasics
import AudioDigest
import Mixer
import SoundFile

/// Writes finished float frames held in memory to `destination` in `format`, converted to
/// integers as a render converts them, with the same temporary file, read-back check and
/// atomic rename. Returns how many values clipped.
func writeAudio(
  _ values: [Float], rate: Int, channels: Int, format: OutputFormat, tags: Tags,
  to destination: Destination, inputs: [String]
) throws(RenderError) -> Int64 {
  let target: OutputTarget
  do { target = try OutputTarget(destination, inputs: inputs) } catch { throw .output(error) }
  let frameCount = Int64(values.count / channels)
  var clipped: Int64 = 0
  do throws(SoundFileError) {
    let writer = try SoundFileWriter(
      path: target.temporaryPath, format: format, sampleRate: rate, channels: channels, tags: tags)
    try values.withUnsafeBufferPointer { (input) throws(SoundFileError) in
      switch format.encoding?.integerWidth {
      case .some(let width) where width == .bits16:
        var quantizer = Quantizer(width: width, dither: nil)
        var ints = [Int16](repeating: 0, count: values.count)
        ints.withUnsafeMutableBufferPointer { quantizer.quantize(input, firstIndex: 0, into: $0) }
        clipped = quantizer.clippedCount
        try ints.withUnsafeBufferPointer { (converted) throws(SoundFileError) in
          try writer.write(converted)
        }
      case .some(let width):
        var quantizer = Quantizer(width: width, dither: nil)
        var ints = [Int32](repeating: 0, count: values.count)
        ints.withUnsafeMutableBufferPointer { quantizer.quantize(input, firstIndex: 0, into: $0) }
        clipped = quantizer.clippedCount
        try ints.withUnsafeBufferPointer { (converted) throws(SoundFileError) in
          try writer.write(converted)
        }
      case nil:
        clipped = Int64(values.filter { $0 > 1 || $0 < -1 }.count)
        try writer.write(input)
      }
    }
    try writer.close()
    try verifyWrittenFile(
      path: target.temporaryPath, sampleRate: rate, channels: channels, frameCount: frameCount,
      exactLength: format.container.isLossless)
  } catch {
    throw .output(OutputError(path: destination.messagePath, reason: error.reason))
  }
  do { try target.commit() } catch { throw .output(error) }
  return clipped
}
