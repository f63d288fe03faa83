import AudioBasics
import Loudness
import MediaEncoding
import SoundFile

/// What a loudness target did: where the mix was, where it is now, and whether the true-peak
/// ceiling kept it from the target.
public struct LoudnessResult: Equatable, Sendable {
  public var measuredLUFS: Double
  public var targetLUFS: Double
  /// The integrated loudness of the output: the measured loudness plus the gain applied.
  public var achievedLUFS: Double
  public var truePeakDBTP: Double
  /// How far below the target the ceiling held the output, in LU; 0 when it reached it.
  public var missedBy: Double { max(0, targetLUFS - achievedLUFS) }
}

/// The gain (dB) that brings `measured` to `target` LUFS without its true peak passing
/// `ceiling` dBTP: true peak scales with the gain, so one measurement decides both. Silence
/// gets no gain.
func loudnessGain(_ measured: LoudnessMeasurement, target: Double, ceiling: Double) -> Double {
  guard measured.integratedLUFS.isFinite else { return 0 }
  let wanted = target - measured.integratedLUFS
  guard measured.truePeakDBTP.isFinite else { return wanted }
  return min(wanted, ceiling - measured.truePeakDBTP)
}

/// The loudness of an audio file as EBU R128 defines it: integrated loudness, loudness range,
/// true and sample peak. Throws `.soundFile` when the file cannot be read.
public func measureLoudness(ofFileAt path: String) throws(RenderError) -> LoudnessMeasurement {
  let reader: SoundFileReader
  do { reader = try SoundFileReader(path: path) } catch {
    // AAC in MP4 (.m4a, .m4r) is FFmpeg's to read, not libsndfile's.
    guard let decoded = try? decodedAudio(path: path) else { throw .soundFile(error) }
    return try measureLoudness(of: decoded, path: path)
  }
  let meter: LoudnessMeter
  do {
    meter = try LoudnessMeter(
      channelCount: reader.info.channels, sampleRate: reader.info.sampleRate)
  } catch {
    throw .soundFile(SoundFileError(path: path, operation: .read, reason: error.reason))
  }
  let blockFrames = 16_384
  var block = [Float](repeating: 0, count: blockFrames * reader.info.channels)
  do throws(SoundFileError) {
    while true {
      let count = try block.withUnsafeMutableBufferPointer { (buffer) throws(SoundFileError) in
        try reader.read(into: buffer, frameCount: blockFrames)
      }
      if count == 0 { break }
      do throws(LoudnessError) {
        try block.withUnsafeBufferPointer { (values) throws(LoudnessError) in
          try meter.add(UnsafeBufferPointer(rebasing: values[..<(count * reader.info.channels)]))
        }
      } catch {
        throw SoundFileError(path: path, operation: .read, reason: error.reason)
      }
    }
    return try measured(meter, path: path)
  } catch {
    throw .soundFile(error)
  }
}

private func measured(_ meter: LoudnessMeter, path: String) throws(SoundFileError)
  -> LoudnessMeasurement
{
  do { return try meter.measurement() } catch {
    throw SoundFileError(path: path, operation: .read, reason: error.reason)
  }
}

/// The loudness of audio FFmpeg decoded.
private func measureLoudness(of audio: DecodedAudio, path: String) throws(RenderError)
  -> LoudnessMeasurement
{
  do throws(LoudnessError) {
    let meter = try LoudnessMeter(channelCount: audio.channelCount, sampleRate: audio.sampleRate)
    try audio.values.withUnsafeBufferPointer { (values) throws(LoudnessError) in
      try meter.add(values)
    }
    return try meter.measurement()
  } catch {
    throw .soundFile(SoundFileError(path: path, operation: .read, reason: error.reason))
  }
}
