import CSndFile

/// Audio held in memory, read as a file of `format` would be: for comparing a render with a
/// file without writing the render out.
public final class MemoryAudio: AudioReading {
  public let path: String
  public let info: AudioInfo
  /// Interleaved values as a reader returns them (integers scaled to ±1).
  public let values: [Double]
  private var position = 0

  /// `values` as a file of `format` holds them, named `name` in messages.
  public init(
    values: [Double], format: OutputFormat, sampleRate: Int, channels: Int, name: String
  ) {
    var raw = SF_INFO()
    raw.frames = Int64(values.count / max(1, channels))
    raw.samplerate = Int32(clamping: sampleRate)
    raw.channels = Int32(clamping: channels)
    raw.format = format.code
    info = AudioInfo(raw)
    self.values = values
    path = name
  }

  public func read(into buffer: UnsafeMutableBufferPointer<Double>, frameCount: Int)
    throws(SoundFileError) -> Int
  {
    let channels = max(1, info.channels)
    let count = min(frameCount, (values.count - position) / channels, buffer.count / channels)
    guard count > 0 else { return 0 }
    for index in 0..<(count * channels) { buffer[index] = values[position + index] }
    position += count * channels
    return count
  }

  public func readAllDoubles() throws(SoundFileError) -> [Double] {
    defer { position = values.count }
    return Array(values[position...])
  }
}
