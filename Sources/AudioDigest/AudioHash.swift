import SoundFile

/// The content hash of decoded audio: SHA-256 over a canonical form, so the same samples in WAV,
/// FLAC or AIFF hash alike while any changed sample, rate, channel count or length changes it.
///
/// Canonical form: SHA-256 of the tag `xylo-audio-hash-1`, rate, channels and frame count (64-bit
/// little-endian integers) and the hex SHA-256 of every sample value as a little-endian IEEE
/// double (libsndfile's exact decoding: a 16-bit value v is v / 32768). The samples' digest is
/// nested because the frame count is known only after decoding. NaN and infinities hash by
/// their bit patterns, so a broken file still hashes the same every time, unlike a finite one.
///
/// AAC in MP4 (`.m4a`, `.m4r`, the tool's own phone files), which libsndfile cannot read, is
/// decoded by FFmpeg (`openAudio`) and hashed the same way.
package func audioHash(ofFileAt path: String) throws(SoundFileError) -> String {
  let reader = try openAudio(path: path)
  let channels = reader.info.channels
  let blockFrames = 16_384
  var block = [Double](repeating: 0, count: blockFrames * channels)
  let body = SHA256()
  var frames: Int64 = 0
  while true {
    let count = try block.withUnsafeMutableBufferPointer { (buffer) throws(SoundFileError) in
      try reader.read(into: buffer, frameCount: blockFrames)
    }
    if count == 0 { break }
    frames += Int64(count)
    block.withUnsafeBufferPointer { values in
      let slice = UnsafeBufferPointer(rebasing: values[..<(count * channels)])
      body.update(littleEndianDoubles: slice)
    }
  }
  return canonicalHash(
    rate: reader.info.sampleRate, channels: channels, frames: frames, samples: body)
}

/// The content hash of interleaved float values held in memory, in the same canonical form: the
/// hash `hash` prints for a float file holding them at `rate` with `channels`.
package func audioHash(of values: [Float], rate: Int, channels: Int) -> String {
  let body = SHA256()
  let blockValues = 16_384
  var block = [Double](repeating: 0, count: blockValues)
  var start = 0
  while start < values.count {
    let count = min(blockValues, values.count - start)
    for index in 0..<count { block[index] = Double(values[start + index]) }
    block.withUnsafeBufferPointer {
      body.update(littleEndianDoubles: UnsafeBufferPointer(rebasing: $0[..<count]))
    }
    start += count
  }
  return canonicalHash(
    rate: rate, channels: channels, frames: Int64(values.count / max(1, channels)), samples: body)
}

/// The hash of the canonical form: tag, rate, channels, frames, then the samples' digest.
private func canonicalHash(rate: Int, channels: Int, frames: Int64, samples: SHA256) -> String {
  let whole = SHA256()
  whole.update(contentsOf: Array("xylo-audio-hash-1".utf8))
  whole.update(Int64(rate))
  whole.update(Int64(channels))
  whole.update(frames)
  whole.update(contentsOf: Array(samples.finalizeHex().utf8))
  return whole.finalizeHex()
}

extension SHA256 {
  /// Adds doubles as little-endian IEEE bytes, whatever the machine's byte order.
  func update(littleEndianDoubles values: UnsafeBufferPointer<Double>) {
    #if _endian(little)
      update(UnsafeRawBufferPointer(values))
    #else
      for value in values { update(Int64(bitPattern: value.bitPattern)) }
    #endif
  }
}
