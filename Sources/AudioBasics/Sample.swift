/// A sample's values in memory of their own, so the mixer can hold pointers to several
/// samples at once; immutable once made, freed with the last `Sample` that uses it.
///
/// A stereo sample whose channels are equal (a mono key played in stereo, or a recording saved
/// as two equal channels, as the app's are) keeps one value a frame: half the memory, and the
/// mixer reads and scales each value once for both channels, with the same sums. Other
/// samples keep each channel in a plane of its own (`planeLength` values apart), which the
/// mixer reads contiguously, as it keeps the sums.
package final class SampleBuffer: @unchecked Sendable {
  /// The values in memory, by how they are stored.
  /// Pointers into memory that is never written after it is made, so any thread may read it.
  package enum Base: @unchecked Sendable {
    case int16(UnsafeMutablePointer<Int16>)
    case float(UnsafeMutablePointer<Float>)
  }

  package let base: Base
  /// Values stored: frames × `storedChannels`.
  package let valueCount: Int
  /// The sample's channels.
  package let channels: Int
  /// Values stored a frame: 1 when the channels are equal and kept once, else `channels`.
  package let storedChannels: Int
  /// Values in each channel's plane: the sample's frames.
  package var planeLength: Int { valueCount / storedChannels }
  /// Frames up to the last one with a value that is not zero: adding a zero (of either sign)
  /// to a sum that started at +0 never changes it, so the mixer stops there with the same bits.
  package let soundingFrameCount: Int
  /// The largest magnitude among the values as the mixer reads them (at most 1 for 16-bit
  /// values); infinite or NaN when one is. It tells the mixer how far a sum can grow.
  package let largestMagnitude: Float

  init(_ storage: SampleValues, channels: Int) {
    self.channels = channels
    switch storage {
    case .int16(let values):
      let equal = values.withUnsafeBufferPointer { Self.channelsAreEqual($0, channels: channels) }
      storedChannels = equal ? 1 : channels
      (base, valueCount) = Self.store(values, channels: channels, keptChannels: storedChannels) {
        .int16($0)
      }
      soundingFrameCount = Self.soundingFrames(values, channels: channels) { $0 != 0 }
    case .float(let values):
      // Compared as bit patterns: equal channels must give equal sums, -0 and NaN included.
      let equal = values.withUnsafeBufferPointer { floats in
        floats.withMemoryRebound(to: UInt32.self) { Self.channelsAreEqual($0, channels: channels) }
      }
      storedChannels = equal ? 1 : channels
      (base, valueCount) = Self.store(values, channels: channels, keptChannels: storedChannels) {
        .float($0)
      }
      soundingFrameCount = Self.soundingFrames(values, channels: channels) { $0 != 0 }
    }
    largestMagnitude = Self.largestMagnitude(of: base, count: valueCount)
  }

  /// Float channels already apart, one array each, stored as `init(_:channels:)` stores their
  /// interleaving, without making it: one copy, not three.
  convenience init(planes: [[Float]]) {
    let frames = planes.map(\.count).min() ?? 0
    let pointer = SampleMemory.shared.allocate(Float.self, capacity: frames * planes.count)
    for (channel, plane) in planes.enumerated() {
      plane.withUnsafeBufferPointer { values in
        guard let values = values.baseAddress else { return }
        (pointer + channel * frames).initialize(from: values, count: frames)
      }
    }
    self.init(
      adoptingFloatPlanes: pointer, planes: planes.count, planeStride: frames, frames: frames,
      channels: planes.count)
  }

  /// Float planes in memory from `SampleMemory`, which the buffer takes over: plane `c` at
  /// `pointer + c × planeStride`, `frames` long; `planes` of them for `channels` channels (one
  /// for two: equal channels). Two planes with equal bits are kept once; a stride longer than
  /// the frames is closed up.
  convenience init(
    adoptingFloatPlanes pointer: UnsafeMutablePointer<Float>, planes: Int, planeStride: Int,
    frames: Int, channels: Int
  ) {
    precondition(planeStride >= frames && planes >= 1 && planes <= channels, "planes in memory")
    // Compared as bit patterns, as interleaved floats are.
    let equal =
      planes == 2
      && UnsafeMutableRawPointer(pointer).withMemoryRebound(
        to: UInt32.self, capacity: planeStride + frames
      ) { bits in
        var differences: UInt32 = 0  // without an early exit, the loop vectorizes
        for frame in 0..<frames { differences |= bits[frame] ^ bits[planeStride &+ frame] }
        return differences == 0
      }
    let stored = equal ? 1 : planes
    if stored > 1 && planeStride != frames {
      for plane in 1..<stored {
        (pointer + plane * frames).moveInitialize(
          from: pointer + plane * planeStride, count: frames)
      }
    }
    var sounding = 0
    for plane in 0..<stored {
      let values = UnsafeBufferPointer(start: pointer + plane * frames, count: frames)
      sounding = max(sounding, (values.lastIndex { $0 != 0 } ?? -1) + 1)
    }
    self.init(
      adopting: .float(pointer), valueCount: frames * stored, channels: channels,
      storedChannels: stored, soundingFrameCount: sounding)
  }

  /// Memory from `SampleMemory` already filled as this type keeps it (`Sample`'s assembly
  /// from decoded blocks), which the buffer now owns.
  init(
    adopting base: Base, valueCount: Int, channels: Int, storedChannels: Int,
    soundingFrameCount: Int
  ) {
    self.base = base
    self.valueCount = valueCount
    self.channels = channels
    self.storedChannels = storedChannels
    self.soundingFrameCount = soundingFrameCount
    largestMagnitude = Self.largestMagnitude(of: base, count: valueCount)
  }

  /// `largestMagnitude` of `count` values at `base`: 1 for 16-bit values (32768 × 2^-15 at
  /// most) without reading them; the largest of float values' bit patterns without the sign,
  /// which orders finite magnitudes and puts infinity and NaN above them.
  private static func largestMagnitude(of base: Base, count: Int) -> Float {
    guard case .float(let values) = base else { return 1 }
    return UnsafeMutableRawPointer(values).withMemoryRebound(to: UInt32.self, capacity: count) {
      bits in
      var largest: UInt32 = 0
      for index in 0..<count { largest = max(largest, bits[index] & 0x7FFF_FFFF) }
      return Float(bitPattern: largest)
    }
  }

  deinit {
    switch base {
    case .int16(let pointer): SampleMemory.free(pointer)
    case .float(let pointer): SampleMemory.free(pointer)
    }
  }

  /// The values as an enum of arrays (a copy, interleaved), for tests and conversions.
  var values: SampleValues {
    switch base {
    case .int16(let pointer):
      .int16(interleaved(UnsafeBufferPointer(start: pointer, count: valueCount)))
    case .float(let pointer):
      .float(interleaved(UnsafeBufferPointer(start: pointer, count: valueCount)))
    }
  }

  /// Written value by value into the new array: a `map` or `flatMap` with a closure a value is
  /// several times slower in a debug build, which the tests run.
  private func interleaved<Value>(_ stored: UnsafeBufferPointer<Value>) -> [Value] {
    if channels == 1 { return Array(stored) }
    // Each stored channel in a plane of its own; or one value for all the channels of a frame.
    let planes = storedChannels == channels
    let frames = planes ? planeLength : stored.count
    let count = frames * channels
    return [Value](unsafeUninitializedCapacity: count) { values, initialized in
      for index in 0..<count {
        let frame = index / channels
        values.initializeElement(
          at: index, to: stored[planes ? index % channels * frames + frame : frame])
      }
      initialized = count
    }
  }

  /// Whether a stereo sample holds the same value in both channels of every frame.
  private static func channelsAreEqual<Bits: FixedWidthInteger>(
    _ all: UnsafeBufferPointer<Bits>, channels: Int
  ) -> Bool {
    guard channels == 2, !all.isEmpty else { return false }
    var differences: Bits = 0  // without an early exit, the loop vectorizes
    for frame in 0..<(all.count / 2) { differences |= all[2 * frame] ^ all[2 * frame + 1] }
    return differences == 0
  }

  /// Copies `values` into memory of their own: each of the `channels` in a plane of its own,
  /// or, with `keptChannels` 1, the first of each frame's values.
  private static func store<Value>(
    _ values: [Value], channels: Int, keptChannels: Int,
    as base: (UnsafeMutablePointer<Value>) -> Base
  ) -> (Base, Int) {
    let frames = values.count / channels
    let count = frames * keptChannels
    let pointer = SampleMemory.shared.allocate(Value.self, capacity: count)
    values.withUnsafeBufferPointer { all in
      guard let source = all.baseAddress else { return }
      for channel in 0..<keptChannels {
        let plane = pointer + channel * frames
        if channels == 1 {
          plane.initialize(from: source, count: frames)
          continue
        }
        if channels == 2 {
          // A constant stride and no overflow checks: the loop vectorizes.
          for frame in 0..<frames { (plane + frame).initialize(to: source[2 &* frame &+ channel]) }
          continue
        }
        for frame in 0..<frames {
          (plane + frame).initialize(to: source[frame * channels + channel])
        }
      }
    }
    return (base(pointer), count)
  }

  /// The frames up to the last one holding a value that `sounds`.
  private static func soundingFrames<Value>(
    _ values: [Value], channels: Int, sounds: (Value) -> Bool
  ) -> Int {
    ((values.lastIndex(where: sounds) ?? -1) + channels) / channels
  }
}

/// A key's sound, ready to mix: interleaved frames at the output's rate and channel count.
public struct Sample: Sendable {
  package let buffer: SampleBuffer
  public let channels: Int

  public init(storage: SampleValues, channels: Int) {
    precondition(channels > 0 && storage.count % channels == 0, "values must hold whole frames")
    buffer = SampleBuffer(storage, channels: channels)
    self.channels = channels
  }

  init(buffer: SampleBuffer, channels: Int) {
    self.buffer = buffer
    self.channels = channels
  }

  /// The values as stored (a copy).
  public var storage: SampleValues { buffer.values }

  /// A sample of float channels given apart, one array each, all as long as the shortest.
  package init(planes: [[Float]]) {
    precondition(!planes.isEmpty, "a sample has a channel")
    buffer = SampleBuffer(planes: planes)
    channels = planes.count
  }

  /// A sample of float values.
  public init(values: [Float], channels: Int) {
    self.init(storage: .float(values), channels: channels)
  }

  public var frameCount: Int { buffer.valueCount / buffer.storedChannels }

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
