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
    case .int16(let values): values.map { Float($0) / sixteenBitScale }
    case .float(let values): values
    }
  }
}

/// A sample's values in memory of their own, so the mixer can hold pointers to several
/// samples at once; immutable once made, freed with the last `Sample` that uses it.
package final class SampleBuffer: @unchecked Sendable {
  /// The values in memory, by how they are stored.
  /// Pointers into memory that is never written after it is made, so any thread may read it.
  package enum Base: @unchecked Sendable {
    case int16(UnsafeMutablePointer<Int16>)
    case float(UnsafeMutablePointer<Float>)
  }

  package let base: Base
  package let valueCount: Int
  /// Values up to the last one that is not zero: adding a zero (of either sign) to a sum that
  /// started at +0 never changes it, so the mixer stops there and gives the same bits.
  package let soundingValueCount: Int

  init(_ storage: SampleValues) {
    switch storage {
    case .int16(let values):
      let pointer = UnsafeMutablePointer<Int16>.allocate(capacity: max(1, values.count))
      pointer.initialize(from: values, count: values.count)
      base = .int16(pointer)
    case .float(let values):
      let pointer = UnsafeMutablePointer<Float>.allocate(capacity: max(1, values.count))
      pointer.initialize(from: values, count: values.count)
      base = .float(pointer)
    }
    valueCount = storage.count
    soundingValueCount =
      switch storage {
      case .int16(let values): (values.lastIndex { $0 != 0 } ?? -1) + 1
      case .float(let values): (values.lastIndex { $0 != 0 } ?? -1) + 1
      }
  }

  deinit {
    switch base {
    case .int16(let pointer): pointer.deallocate()
    case .float(let pointer): pointer.deallocate()
    }
  }

  /// The values as an enum of arrays (a copy), for tests and conversions.
  var values: SampleValues {
    switch base {
    case .int16(let pointer): .int16(Array(UnsafeBufferPointer(start: pointer, count: valueCount)))
    case .float(let pointer): .float(Array(UnsafeBufferPointer(start: pointer, count: valueCount)))
    }
  }
}

/// A key's sound, ready to mix: interleaved frames at the output's rate and channel count.
public struct Sample: Sendable {
  package let buffer: SampleBuffer
  public let channels: Int

  public init(storage: SampleValues, channels: Int) {
    precondition(channels > 0 && storage.count % channels == 0, "values must hold whole frames")
    buffer = SampleBuffer(storage)
    self.channels = channels
  }

  /// The values as stored (a copy).
  public var storage: SampleValues { buffer.values }

  /// A sample of float values.
  public init(values: [Float], channels: Int) {
    self.init(storage: .float(values), channels: channels)
  }

  public var frameCount: Int { buffer.valueCount / channels }

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

/// What a stored 16-bit value is divided by to give its float value.
package let sixteenBitScale = Float(IntegerWidth.bits16.fullScale)
