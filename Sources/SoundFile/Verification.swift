import CSndFile

/// Re-opens a finished file and checks it holds what was written: rate, channels, length, and
/// a readable last frame (libsndfile can report success for a FLAC file cut short by a full disk).
package func verifyWrittenFile(
  path: String, sampleRate: Int, channels: Int, frameCount: Int64, exactLength: Bool
) throws(SoundFileError) {
  let reader = try SoundFileReader(path: path)
  let info = reader.info
  func fail(_ reason: String) -> SoundFileError {
    SoundFileError(path: path, operation: .write, reason: "the written file is damaged: \(reason)")
  }
  guard info.sampleRate == sampleRate, info.channels == channels else {
    throw fail("it reads back as \(info.sampleRate) Hz, \(info.channels) channels")
  }
  guard !exactLength || info.frameCount == frameCount else {
    throw fail("it reads back as \(info.frameCount) frames, not \(frameCount)")
  }
  guard exactLength, frameCount > 0 else { return }
  try reader.seek(toFrame: frameCount - 1)
  var last = [Float](repeating: 0, count: channels)
  let read = try last.withUnsafeMutableBufferPointer { (buffer) throws(SoundFileError) in
    try reader.read(into: buffer, frameCount: 1)
  }
  guard read == 1 else { throw fail("its last frame cannot be read") }
}
