/// A key's sound, ready to mix: interleaved float frames at the output's rate and channel count.
public struct Sample: Sendable {
  /// Interleaved sample values, `frameCount * channels` of them.
  public let values: [Float]
  public let channels: Int

  public init(values: [Float], channels: Int) {
    precondition(channels > 0 && values.count % channels == 0, "values must hold whole frames")
    self.values = values
    self.channels = channels
  }

  public var frameCount: Int { values.count / channels }

  /// The same sound with `target` channels: mono feeds every channel alike, stereo becomes mono
  /// as (L+R)/2. Only 1 and 2 channels are mapped; others are returned unchanged.
  public func mapped(toChannels target: Int) -> Sample {
    guard target != channels else { return self }
    if channels == 1 && target == 2 {
      var stereo = [Float](repeating: 0, count: values.count * 2)
      for (index, value) in values.enumerated() {
        stereo[2 * index] = value
        stereo[2 * index + 1] = value
      }
      return Sample(values: stereo, channels: 2)
    }
    if channels == 2 && target == 1 {
      var mono = [Float](repeating: 0, count: values.count / 2)
      for index in mono.indices {
        mono[index] = (values[2 * index] + values[2 * index + 1]) * 0.5
      }
      return Sample(values: mono, channels: 1)
    }
    return self
  }
}
