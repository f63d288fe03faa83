/// A sample's values as stored: 16-bit integers where the source was 16-bit (exact, and half
/// the memory and memory traffic), floats otherwise. An integer v means the value v / 32768.
///
/// Banks make these and the mixer reads them, so they live below both.
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
    case .int16(let values): values.map(Self.float)
    case .float(let values): values
    }
  }

  /// The values after the first `count`.
  public func dropping(first count: Int) -> SampleValues {
    switch self {
    case .int16(let values): .int16(Array(values.dropFirst(count)))
    case .float(let values): .float(Array(values.dropFirst(count)))
    }
  }

  /// Channel `channel` of these values, interleaved in frames of `channels`, as floats.
  public func floats(ofChannel channel: Int, channels: Int) -> [Float] {
    guard channels > 1 else { return floats }
    return switch self {
    case .int16(let values): Self.every(channels, of: values, from: channel, as: Self.float)
    case .float(let values): Self.every(channels, of: values, from: channel) { $0 }
    }
  }

  /// Every `step`th value from `first`, converted: a loop over memory, without the checks of
  /// indexing an array, as a sample to resample is taken apart before anything else can start.
  private static func every<Value>(
    _ step: Int, of values: [Value], from first: Int, as float: (Value) -> Float
  ) -> [Float] {
    let count = values.count / step
    return values.withUnsafeBufferPointer { all in
      [Float](unsafeUninitializedCapacity: count) { out, initialized in
        for frame in 0..<count {
          out.initializeElement(at: frame, to: float(all[frame * step + first]))
        }
        initialized = count
      }
    }
  }

  /// A 16-bit value's float: v / 32768, exactly.
  fileprivate static func float(_ value: Int16) -> Float { Float(value) / sixteenBitScale }
}

/// The floats of `count` 16-bit values, as `SampleValues.floats` makes them.
package func floatsOfSixteenBits(
  _ values: UnsafePointer<Int16>, count: Int, into floats: UnsafeMutablePointer<Float>
) {
  for index in 0..<count { (floats + index).initialize(to: SampleValues.float(values[index])) }
}
