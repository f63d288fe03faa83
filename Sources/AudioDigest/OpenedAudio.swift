import MediaEncoding
import Platform
import SoundFile

/// The most frames of AAC-in-MP4 audio decoded into memory: 10 min 25 s at 48 kHz, 240 MB of
/// stereo floats. The tool's phone files are under 40 s; a longer `.m4a` is refused, not swapped.
package let decodedAudioFramesAtMost = 30_000_000

/// Opens an audio file for reading: through libsndfile, or for `.m4a`, `.m4r` and `.mp4` files
/// it cannot read (AAC, the tool's own phone files) decoded by FFmpeg into memory. Errors are
/// libsndfile's unless FFmpeg was tried and gave a reason of its own.
package func openAudio(path: String) throws(SoundFileError) -> any AudioReading {
  let failure: SoundFileError
  do { return try SoundFileReader(path: path) } catch { failure = error }
  guard ["m4a", "m4r", "mp4"].contains(Path.fileExtension(path).lowercased()) else {
    throw failure
  }
  do {
    return DecodedAudioReader(
      path: path, decoded: try decodedAudio(path: path, maxFrames: decodedAudioFramesAtMost))
  } catch {
    throw SoundFileError(path: path, operation: .read, reason: error.reason)
  }
}

/// Audio FFmpeg decoded whole, read back block by block like a file.
final class DecodedAudioReader: AudioReading {
  let path: String
  let info: AudioInfo
  private let values: [Float]
  private var position = 0

  init(path: String, decoded: DecodedAudio) {
    self.path = path
    values = decoded.values
    info = AudioInfo(
      decodedLossyFrames: Int64(decoded.frameCount), sampleRate: decoded.sampleRate,
      channels: decoded.channelCount)
  }

  func read(into buffer: UnsafeMutableBufferPointer<Double>, frameCount: Int)
    throws(SoundFileError) -> Int
  {
    let channels = max(1, info.channels)
    let count = min(frameCount, buffer.count / channels, (values.count - position) / channels)
    for index in 0..<(count * channels) { buffer[index] = Double(values[position + index]) }
    position += count * channels
    return count
  }

  func readAllDoubles() throws(SoundFileError) -> [Double] {
    defer { position = values.count }
    return values[position...].map(Double.init)
  }
}
