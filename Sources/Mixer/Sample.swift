/// A sample's values as stored: 16-bit integers where the source was 16-bit (exact, and half
/// the memory and memory traffic), floats otherwise. An integer v means the value v / 32768.
public enum SampleValues: Sendable, Equatable {
  case int16([Int16])
  case float([Float])

  public var count: Int {
    switch self {
    case .int16(let values): values.count
    case .float(let values): values.count
    }
  }

  /// The values as floats (exact either way).
  public var floats: [Float] {
    switch self {
    case .int16(let values): values.map { Float($0) / 32_768 }
    case .float(let values): values
    }
  }
}

/// A key's sound, ready to mix: interleaved frames at the output's rate and channel count.
public struct Sample: Sendable {
  public let storage: SampleValues
  public let channels: Int

  public init(storage: SampleValues, channels: Int) {
    precondition(channels > 0 && storage.count % channels == 0, "values must hold whole frames")
    self.storage = storage
    self.channels = channels
  }

  /// A sample of float values.
  public init(values: [Float], channels: Int) {
    self.init(storage: .float(values), channels: channels)
  }

  public var frameCount: Int { storage.count / channels }

  /// The interleaved values as floats.
  public var values: [Float] { storage.floats }

  /// The same sound with `target` channels: mono feeds every channel alike, stereo becomes mono
  /// as (L+R)/2. Only 1 and 2 channels are mapped; others are returned unchanged.
  public func mapped(toChannels target: Int) -> Sample {
    guard target != channels else { return self }
    if channels == 1 && target == 2 {
      switch storage {
      case .int16(let values):
        return Sample(storage: .int16(values.flatMap { [$0, $0] }), channels: 2)
      case .float(let values):
        return Sample(values: values.flatMap { [$0, $0] }, channels: 2)
      }
    }
    if channels == 2 && target == 1 {
      let values = self.values
      var mono = [Float](repeating: 0, count: values.count / 2)
      for index in mono.indices {
        mono[index] = (values[2 * index] + values[2 * index + 1]) * 0.5
      }
      return Sample(values: mono, channels: 1)
    }
    return self
  }
}
