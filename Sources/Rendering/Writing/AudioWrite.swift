import AudioBasics
import AudioDigest
import Loudness
import MediaEncoding
import Mixer
import SoundFile

/// Writes finished float frames held in memory to `destination` in `format`, converted to
/// integers as a render converts them, with the same temporary file, read-back check and
/// atomic rename. Returns how many values clipped.
package func writeAudio(
  _ values: [Float], rate: Int, channels: Int, format: OutputFormat, tags: Tags,
  to destination: Destination, inputs: [String]
) throws(RenderError) -> Int64 {
  let target: OutputTarget
  let frameCount = Int64(values.count / channels)
  do {
    target = try OutputTarget(destination, inputs: inputs)
    try target.checkRoom(
      for: estimatedBytes(frameCount: frameCount, channels: channels, rate: rate, format: format))
  } catch {
    throw .output(error)
  }
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

/// Writes finished float frames with FFmpeg, through a temporary file that is decoded back and
/// checked (rate, channels, length) before it replaces anything at `destination`.
///
/// With a `truePeakCeiling` (dBTP), the decoded file's true peak is measured too: a lossy
/// codec's ringing can add a few tenths of a decibel, so a file over the ceiling is encoded
/// again a little quieter, until it holds (at most four times). Returns how many decibels
/// were taken off for that (0 when the first encoding held) and the true peak the file has.
@discardableResult
package func writeEncodedAudio(
  _ values: [Float], rate: Int, channels: Int, format: PhoneFormat, tags: Tags,
  to destination: Destination, inputs: [String], truePeakCeiling: Double? = nil
) throws(RenderError) -> (reducedBy: Double, truePeak: Double?) {
  let target: OutputTarget
  let frames = values.count / channels
  do {
    target = try OutputTarget(destination, inputs: inputs)
    try target.checkRoom(
      for: estimatedBytes(
        frameCount: Int64(frames), channels: channels, rate: rate, format: .defaultLossless,
        phone: format))
  } catch {
    throw .output(error)
  }
  var reduction = 0.0
  var truePeak: Double?
  do throws(EncodingError) {
    for attempt in 0..<4 {
      let factor = Float(Decibels.linear(-reduction))
      let scaled = reduction == 0 ? values : values.map { $0 * factor }
      let encoder = try makeEncoder(
        format, path: target.temporaryPath, rate: rate, channels: channels, tags: tags)
      try scaled.withUnsafeBufferPointer { (buffer) throws(EncodingError) in
        try encoder.write(buffer)
      }
      try encoder.finish()
      guard let ceiling = truePeakCeiling else {
        try checkLength(
          target.temporaryPath, rate: rate, channels: channels, frames: frames,
          destination: destination)
        break
      }
      let decoded = try decodedAudio(path: target.temporaryPath)
      guard decoded.sampleRate == rate, decoded.channelCount == channels,
        decoded.frameCount == frames
      else {
        throw damaged(destination, frames: decoded.frameCount, rate: decoded.sampleRate)
      }
      let peak = measuredTruePeak(decoded.values, rate: rate, channels: channels)
      truePeak = peak
      guard let peak, peak > ceiling, attempt < 3 else { break }
      reduction += peak - ceiling + 0.05
    }
  } catch {
    throw .output(OutputError(path: destination.messagePath, reason: error.reason))
  }
  do { try target.commit() } catch { throw .output(error) }
  return (reduction, truePeak)
}

/// Checks a written file's rate, channels and length by decoding it (without keeping values).
private func checkLength(
  _ path: String, rate: Int, channels: Int, frames: Int, destination: Destination
) throws(EncodingError) {
  let written = try decodedLength(path: path)
  guard written.sampleRate == rate, written.channelCount == channels,
    written.frameCount == frames
  else { throw damaged(destination, frames: written.frameCount, rate: written.sampleRate) }
}

private func damaged(_ destination: Destination, frames: Int, rate: Int) -> EncodingError {
  EncodingError(
    operation: "reading it back", path: destination.messagePath,
    reason: "the written file is damaged: it reads back as \(frames) frames at \(rate) Hz")
}

/// The true peak (dBTP) of interleaved frames, as libebur128 measures it; `nil` if the meter
/// cannot run.
private func measuredTruePeak(_ values: [Float], rate: Int, channels: Int) -> Double? {
  try? LoudnessMeter.measure(values, channelCount: channels, sampleRate: rate).truePeakDBTP
}

/// The FFmpeg encoder for a phone format, writing `path`.
func makeEncoder(_ format: PhoneFormat, path: String, rate: Int, channels: Int, tags: Tags)
  throws(EncodingError) -> any AudioEncoder
{
  switch format {
  case .aac(let bitRate):
    return try AACWriter(
      path: path, sampleRate: rate, channelCount: channels, bitRate: bitRate, title: tags.title,
      artist: tags.artist)
  case .oggVorbis(let loops):
    var comments: [VorbisComment] = []
    if let title = tags.title { comments.append(.title(title)) }
    if let artist = tags.artist { comments.append(.artist(artist)) }
    if loops { comments.append(.androidLoop) }
    return try OggVorbisWriter(
      path: path, sampleRate: rate, channelCount: channels, comments: comments)
  }
}
