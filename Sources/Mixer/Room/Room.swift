/// How much room the dry mix is recorded in; `none` leaves it untouched.
public enum RoomSize: String, CaseIterable, Sendable {
  case none
  case small
  case hall
}

/// A stereo room reverb added to the dry frames in place: a short pre-delay, four early
/// reflections per side, and an 8-line feedback-delay network whose lines lose highs faster.
///
/// The reverb hears the average of all channels. Its left and right go to channels 0 and 1; a
/// mono output and every channel past the second get their average. Only IEEE +, -, *, / and
/// square roots, one frame at a time: the same bits on every machine and for any block sizes.
public struct Room: Sendable {
  public let size: RoomSize
  /// Frames per second (Hz); delay lengths scale with it.
  public let sampleRate: Int
  public let channels: Int
  private var network: RoomNetwork?
  /// The delay lines, interleaved frame by frame, then the input's history.
  private var memory: [Float]

  /// A room of `size` for `channels`-channel frames at `sampleRate`; `.none` allocates nothing.
  public init(size: RoomSize, sampleRate: Int, channels: Int) {
    precondition(sampleRate > 0 && channels > 0, "a room needs a rate and channels")
    self.size = size
    self.sampleRate = sampleRate
    self.channels = channels
    if let design = RoomDesign.of(size) {
      let tuning = RoomTuning(design, sampleRate: sampleRate)
      let network = RoomNetwork(design, tuning)
      memory = [Float](repeating: 0, count: network.memoryCount)
      self.network = network
    } else {
      memory = []
    }
  }

  /// How long (s) the reverb rings on after the input ends, until -60 dB re the wet peak.
  public var tailSeconds: Double { Self.tailSeconds(size) }

  /// `tailSeconds` in frames at the room's rate, rounded up: how far to extend a render.
  public var tailFrames: Int { Self.tailFrames(size, sampleRate: sampleRate) }

  /// `tailSeconds(size)` in frames at `sampleRate`, rounded up, without making the room.
  public static func tailFrames(_ size: RoomSize, sampleRate: Int) -> Int {
    ((RoomDesign.of(size)?.tailMilliseconds ?? 0) * sampleRate + 999) / 1_000
  }

  /// How long (s) a room of `size` rings on after the input ends; 0 for `.none`.
  public static func tailSeconds(_ size: RoomSize) -> Double {
    Double(RoomDesign.of(size)?.tailMilliseconds ?? 0) / 1_000
  }

  /// Adds the reverb of the next `block.count / channels` interleaved frames to them.
  public mutating func process(_ block: UnsafeMutableBufferPointer<Float>, channels: Int) {
    precondition(channels == self.channels, "a room processes the channel count it was made for")
    guard var network, let frames = block.baseAddress else { return }
    let frameCount = block.count / channels
    memory.withUnsafeMutableBufferPointer { memory in
      guard let memory = memory.baseAddress else { return }
      switch channels {
      case 1:
        for frame in 0..<frameCount {
          let wet = network.step(frames[frame], memory)
          frames[frame] += (wet.left + wet.right) * 0.5
        }
      case 2:
        for frame in 0..<frameCount {
          let left = frame * 2
          let wet = network.step((frames[left] + frames[left + 1]) * 0.5, memory)
          frames[left] += wet.left
          frames[left + 1] += wet.right
        }
      default:
        for frame in 0..<frameCount {
          let first = frame * channels
          var sum: Float = 0
          for channel in 0..<channels { sum += frames[first + channel] }
          let wet = network.step(sum / Float(channels), memory)
          let middle = (wet.left + wet.right) * 0.5
          frames[first] += wet.left
          frames[first + 1] += wet.right
          for channel in 2..<channels { frames[first + channel] += middle }
        }
      }
    }
    self.network = network
  }
}

/// The reverb's coefficients and state, stepped one frame at a time over memory `Room` owns.
/// A frame costs about 80 floating-point operations: eight reflection taps, eight damped line
/// outputs mixed by a Hadamard matrix and written back with the pre-delayed input.
struct RoomNetwork {
  /// Damping states below this (2^-100, -600 dB) become zero, so a silent tail ends in exact
  /// zeros instead of denormals, which are slow on many processors.
  static let flushBelow: Float = 0x1p-100

  /// The delay lines' lengths (frames), and their capacity minus one (a power of two).
  let lineFrames: SIMD8<Int>
  let lineMask: Int
  let feed: SIMD8<Float>
  let pole: SIMD8<Float>
  let lateGain: Float
  let preDelayFrames: Int
  let leftFrames: SIMD4<Int>
  let leftGains: SIMD4<Float>
  let rightFrames: SIMD4<Int>
  let rightGains: SIMD4<Float>
  /// Where the input's history starts in memory, and its length minus one (a power of two).
  let inputStart: Int
  let inputMask: Int
  let memoryCount: Int
  /// The damping filters' outputs, scaled by 1/√8.
  var damped = SIMD8<Float>()
  /// The frame count processed so far.
  var position = 0

  init(_ design: RoomDesign, _ tuning: RoomTuning) {
    lineFrames = SIMD8(tuning.lineFrames)
    feed = SIMD8(tuning.feed)
    pole = SIMD8(tuning.pole)
    lateGain = design.lateGain
    preDelayFrames = tuning.preDelayFrames
    leftFrames = SIMD4(tuning.leftFrames)
    leftGains = SIMD4(design.left.map(\.gain))
    rightFrames = SIMD4(tuning.rightFrames)
    rightGains = SIMD4(design.right.map(\.gain))
    let lineCapacity = Self.powerOfTwo(above: lineFrames.max())
    let inputCapacity = Self.powerOfTwo(
      above: max(preDelayFrames, leftFrames.max(), rightFrames.max()))
    lineMask = lineCapacity - 1
    inputStart = 8 * lineCapacity
    inputMask = inputCapacity - 1
    memoryCount = inputStart + inputCapacity
  }

  /// The smallest power of two greater than `value`.
  static func powerOfTwo(above value: Int) -> Int {
    var power = 1
    while power <= value { power *= 2 }
    return power
  }

  /// Takes one input value and returns the wet left and right for the same frame.
  @inline(__always)
  mutating func step(_ input: Float, _ memory: UnsafeMutablePointer<Float>)
    -> (left: Float, right: Float)
  {
    let history = memory + inputStart
    history[position & inputMask] = input
    var left = SIMD4<Float>()
    var right = SIMD4<Float>()
    for tap in 0..<4 {
      left[tap] = history[(position - leftFrames[tap]) & inputMask]
      right[tap] = history[(position - rightFrames[tap]) & inputMask]
    }
    left *= leftGains
    right *= rightGains
    var delayed = SIMD8<Float>()
    for line in 0..<8 {
      delayed[line] = memory[((position - lineFrames[line]) & lineMask) * 8 + line]
    }
    damped = feed * delayed + pole * damped
    damped.replace(with: 0, where: damped .< Self.flushBelow .& damped .> -Self.flushBelow)
    let mixed = hadamard(damped)
    let written = mixed + history[(position - preDelayFrames) & inputMask]
    let slot = (position & lineMask) * 8
    for line in 0..<8 { memory[slot + line] = written[line] }
    position += 1
    return (
      (left[0] + left[1]) + (left[2] + left[3]) + lateGain * mixed[1],
      (right[0] + right[1]) + (right[2] + right[3]) + lateGain * mixed[2]
    )
  }
}

/// The 8-point Walsh-Hadamard transform in Sylvester order (24 additions): three rounds of
/// sums and differences of neighbours, each of which moves the bit it mixes to the top.
@inline(__always)
private func hadamard(_ values: SIMD8<Float>) -> SIMD8<Float> {
  var result = values
  for _ in 0..<3 {
    let even = result.evenHalf
    let odd = result.oddHalf
    result = SIMD8(lowHalf: even + odd, highHalf: even - odd)
  }
  return result
}
