extension Sample {
  /// A sample made from interleaved 16-bit blocks as a decoder hands them to `add`: each value
  /// goes straight to its channel's plane, so the sample is never held interleaved in full.
  /// Loading spends most of its time on the first touch of new memory (about 2 µs a page on
  /// the virtual machines measured), and this touches half the pages an interleaved copy did.
  /// The stored values are those `init(storage:channels:)` keeps for the same frames.
  package init<Failure: Error>(
    channels: Int, expectedFrames: Int,
    int16Blocks fill: (_ add: (UnsafeBufferPointer<Int16>) -> Void) throws(Failure) -> Void
  ) throws(Failure) {
    let planes = PlaneFiller<UInt16>(
      channels: channels, expectedFrames: expectedFrames, soundMask: .max)
    try fill { block in block.withMemoryRebound(to: UInt16.self) { planes.append($0) } }
    self.init(
      buffer: planes.finish {
        SampleBuffer.Base.int16($0.bindMemory(to: Int16.self, capacity: $1))
      },
      channels: channels)
  }

  /// `init(channels:expectedFrames:int16Blocks:)` for float blocks. Channels are compared as
  /// bit patterns, as `init(storage:channels:)` compares them; a value of either zero is silent.
  package init<Failure: Error>(
    channels: Int, expectedFrames: Int,
    floatBlocks fill: (_ add: (UnsafeBufferPointer<Float>) -> Void) throws(Failure) -> Void
  ) throws(Failure) {
    let planes = PlaneFiller<UInt32>(
      channels: channels, expectedFrames: expectedFrames, soundMask: 0x7FFF_FFFF)
    try fill { block in block.withMemoryRebound(to: UInt32.self) { planes.append($0) } }
    self.init(
      buffer: planes.finish {
        SampleBuffer.Base.float($0.bindMemory(to: Float.self, capacity: $1))
      },
      channels: channels)
  }
}

extension Sample {
  /// A sample of float planes in memory from `SampleMemory`, which it takes over (a resampler
  /// wrote them there): plane `c` at `pointer + c × planeStride`, `frames` long, `planes` of them
  /// for `channels` channels (one plane for two: equal channels). Stored as
  /// `init(storage:channels:)` stores the same frames.
  package init(
    adoptingFloatPlanes pointer: UnsafeMutablePointer<Float>, planes: Int, planeStride: Int,
    frames: Int, channels: Int
  ) {
    self.init(
      buffer: SampleBuffer(
        adoptingFloatPlanes: pointer, planes: planes, planeStride: planeStride, frames: frames,
        channels: channels),
      channels: channels)
  }
}

/// Planes filled from interleaved blocks of values handled as their bit patterns. A stereo
/// sample keeps one plane while its channels have been equal in every frame so far; at the
/// first block where they differ, the right plane is made from the left and both are kept.
private final class PlaneFiller<Bits: FixedWidthInteger & UnsignedInteger> {
  private let channels: Int
  /// The bits that make a value sound: all of an integer's, all but a float's sign.
  private let soundMask: Bits
  /// Frames each plane has room for; plane `c` starts at `pointer + c × capacity`.
  private var capacity: Int
  /// Nil once handed over.
  private var pointer: UnsafeMutablePointer<Bits>?
  private var frames = 0
  /// Planes written: 1 while a stereo sample's channels have all been equal.
  private var keptChannels: Int
  private var soundingFrames = 0

  init(channels: Int, expectedFrames: Int, soundMask: Bits) {
    precondition(channels > 0, "a sample has a channel")
    self.channels = channels
    self.soundMask = soundMask
    capacity = max(1, expectedFrames)
    keptChannels = channels == 2 ? 1 : channels
    // A stereo sample's right plane is made only if its channels differ: the memory is
    // backed by huge pages where the system has them, so memory not needed is not taken.
    pointer = SampleMemory.shared.allocate(Bits.self, capacity: capacity * keptChannels)
  }

  deinit { pointer.map { SampleMemory.free($0) } }

  func append(_ block: UnsafeBufferPointer<Bits>) {
    let count = block.count / channels
    guard count > 0, let source = block.baseAddress else { return }
    reserve(frames + count, planes: keptChannels)
    if keptChannels == 1 && channels == 2 && Self.channelsDiffer(source, frames: count) {
      reserve(capacity, planes: 2)
      keptChannels = 2
      if let pointer { (pointer + capacity).initialize(from: pointer, count: frames) }
    }
    guard let pointer else { preconditionFailure("planes are filled before they are handed over") }
    for channel in 0..<keptChannels {
      let plane = pointer + (channel &* capacity &+ frames)
      switch channels {
      case 1: plane.initialize(from: source, count: count)
      case 2:
        // A constant stride and no overflow checks: the loop vectorizes.
        for frame in 0..<count { (plane + frame).initialize(to: source[2 &* frame &+ channel]) }
      default:
        for frame in 0..<count {
          (plane + frame).initialize(to: source[frame &* channels &+ channel])
        }
      }
    }
    // A silent block (a recording's tail of zeros) is passed over in one vectorized sweep.
    var sounding: Bits = 0
    for index in 0..<(count &* channels) { sounding |= source[index] & soundMask }
    if sounding != 0 {
      var last = count * channels - 1
      while source[last] & soundMask == 0 { last -= 1 }
      soundingFrames = frames + last / channels + 1
    }
    frames += count
  }

  /// The planes as a sample's memory, handed over: `base` binds it to the values' type.
  func finish(
    _ base: (UnsafeMutableRawPointer, _ count: Int) -> SampleBuffer.Base
  ) -> SampleBuffer {
    guard let pointer else { preconditionFailure("the planes are handed over once") }
    // An empty stereo sample keeps both channels, as one stored from interleaved values does.
    let stored = frames == 0 ? channels : keptChannels
    if stored > 1 && capacity != frames {
      for channel in 1..<stored {
        (pointer + channel * frames).moveInitialize(
          from: pointer + channel * capacity, count: frames)
      }
    }
    self.pointer = nil
    return SampleBuffer(
      adopting: base(UnsafeMutableRawPointer(pointer), max(1, capacity * keptChannels)),
      valueCount: frames * stored, channels: channels, storedChannels: stored,
      soundingFrameCount: soundingFrames)
  }

  /// Room for `needed` frames in each of `planes` planes, keeping what the kept planes hold.
  private func reserve(_ needed: Int, planes: Int) {
    guard needed > capacity || planes > keptChannels, let pointer else { return }
    let grown = needed > capacity ? max(needed, capacity * 2) : capacity
    let larger = SampleMemory.shared.allocate(Bits.self, capacity: grown * planes)
    for channel in 0..<keptChannels {
      (larger + channel * grown).moveInitialize(from: pointer + channel * capacity, count: frames)
    }
    SampleMemory.free(pointer)
    self.pointer = larger
    capacity = grown
  }

  /// Whether any frame of a stereo block holds two different values.
  private static func channelsDiffer(_ values: UnsafePointer<Bits>, frames: Int) -> Bool {
    var differences: Bits = 0  // without an early exit, the loop vectorizes
    for frame in 0..<frames { differences |= values[2 &* frame] ^ values[2 &* frame &+ 1] }
    return differences != 0
  }
}
