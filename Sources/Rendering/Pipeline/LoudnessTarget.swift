import AudioBasics
import Loudness
import MediaEncoding
import SoundFile

/// What a loudness target did: where the mix was, where it is now, and whether a limiter held
/// its peaks under the ceiling.
public struct LoudnessResult: Equatable, Sendable {
  public var measuredLUFS: Double
  public var targetLUFS: Double
  /// The integrated loudness of the output, as measured in the last pass before writing.
  public var achievedLUFS: Double
  public var truePeakDBTP: Double
  /// How far a limiter turned the loudest peak down to keep it under the ceiling (dB); 0 when
  /// the gain alone met the target.
  public var limitedBy: Double
  /// The gain applied before the limiter (dB): what turns one strike up or down.
  public var gainDecibels: Double = 0
  /// How far below the target the output is, in LU; 0 when it reached it.
  public var missedBy: Double { max(0, targetLUFS - achievedLUFS) }
}

/// The most a limiter may turn peaks down to reach a loudness target (dB): beyond it a strike
/// loses its attack, so the target is left unmet and said so.
package let maximumLimiting = 24.0

/// How a loudness target is met: a gain, and the ceiling (linear) of a peak limiter after it
/// when the true peak would otherwise pass the target's ceiling.
package struct LoudnessSetting {
  package var gainDecibels: Double
  package var limit: Float?
}

/// The setting that brings audio to `target` LUFS with its true peak at or under `ceiling`
/// dBTP; `measure` plays the audio with a setting and measures it. One pass when the gain
/// alone does it; otherwise up to seven more with a limiter from 0.5 dB under the ceiling.
package func meetLoudness(
  target: Double, ceiling: Double,
  measure: (LoudnessSetting) throws(RenderError) -> LoudnessMeasurement
) throws(RenderError) -> (LoudnessSetting, LoudnessResult) {
  let plain = try measure(LoudnessSetting(gainDecibels: 0))
  guard plain.integratedLUFS.isFinite else {  // silence: nothing to scale
    return (
      LoudnessSetting(gainDecibels: 0),
      LoudnessResult(
        measuredLUFS: plain.integratedLUFS, targetLUFS: target,
        achievedLUFS: plain.integratedLUFS, truePeakDBTP: plain.truePeakDBTP, limitedBy: 0)
    )
  }
  let gain = target - plain.integratedLUFS
  guard plain.truePeakDBTP.isFinite, plain.truePeakDBTP + gain > ceiling else {
    return (
      LoudnessSetting(gainDecibels: gain),
      LoudnessResult(
        measuredLUFS: plain.integratedLUFS, targetLUFS: target, achievedLUFS: target,
        truePeakDBTP: plain.truePeakDBTP + gain, limitedBy: 0, gainDecibels: gain)
    )
  }
  // Limiting takes some loudness away, and peaks between samples can still pass: each pass
  // adds back what was lost (by the secant of the last two passes, as the limiter turns each
  // decibel of gain into less than a decibel of loudness) and lowers the limit by any excess.
  let atMost = ceiling - plain.truePeakDBTP + maximumLimiting
  var limitDecibels = ceiling - 0.5
  var setting = LoudnessSetting(
    gainDecibels: min(gain, atMost), limit: Float(Decibels.linear(limitDecibels)))
  var measured = try measure(setting)
  var previous = (gain: 0.0, loudness: plain.integratedLUFS)
  for _ in 0..<6 {
    let shortfall = target - measured.integratedLUFS
    let excess = measured.truePeakDBTP - ceiling
    if (abs(shortfall) < 0.05 || setting.gainDecibels >= atMost && shortfall > 0) && excess <= 0.01
    {
      break
    }
    let step = setting.gainDecibels - previous.gain
    let slope = step != 0 ? (measured.integratedLUFS - previous.loudness) / step : 1
    previous = (setting.gainDecibels, measured.integratedLUFS)
    limitDecibels -= max(0, excess)
    setting = LoudnessSetting(
      gainDecibels: min(atMost, setting.gainDecibels + shortfall / min(1, max(0.1, slope))),
      limit: Float(Decibels.linear(limitDecibels)))
    measured = try measure(setting)
  }
  // Still over the ceiling after the passes: gain and limit down together scale the limited
  // output down by the excess, true peak and loudness alike, so the ceiling holds.
  var (achieved, truePeak) = (measured.integratedLUFS, measured.truePeakDBTP)
  let excess = truePeak - ceiling
  if excess > 0.01 {
    limitDecibels -= excess
    setting = LoudnessSetting(
      gainDecibels: setting.gainDecibels - excess, limit: Float(Decibels.linear(limitDecibels)))
    achieved -= excess
    truePeak -= excess
  }
  return (
    setting,
    LoudnessResult(
      measuredLUFS: plain.integratedLUFS, targetLUFS: target,
      achievedLUFS: achieved, truePeakDBTP: truePeak,
      limitedBy: max(0, plain.truePeakDBTP + setting.gainDecibels - truePeak),
      gainDecibels: setting.gainDecibels)
  )
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
    return try LoudnessMeter.measure(
      audio.values, channelCount: audio.channelCount, sampleRate: audio.sampleRate)
  } catch {
    throw .soundFile(SoundFileError(path: path, operation: .read, reason: error.reason))
  }
}
