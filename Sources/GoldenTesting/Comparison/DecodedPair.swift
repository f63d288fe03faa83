import AudioDigest
import Rendering
import SoundFile

/// A golden and a render decoded whole as doubles, for the analyses that need every sample at
/// once (explanations, the picture, the perceptual bound): only when both have the same rate
/// and channels, and hold at most `maximumFrames` (memory: 8 bytes a value).
struct DecodedPair {
  let expected: [Double]
  let actual: [Double]
  let channels: Int
  let rate: Int

  init?(expected: String, actual: String, maximumFrames: Int64 = .max) {
    guard let left = try? openAudio(path: expected), let right = try? openAudio(path: actual),
      left.info.sampleRate == right.info.sampleRate, left.info.channels == right.info.channels,
      max(left.info.frameCount, right.info.frameCount) <= maximumFrames,
      let a = try? left.readAllDoubles(), let b = try? right.readAllDoubles()
    else { return nil }
    self.expected = a
    self.actual = b
    channels = left.info.channels
    rate = left.info.sampleRate
  }
}
