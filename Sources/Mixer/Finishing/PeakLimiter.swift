import AudioBasics

/// A look-ahead peak limiter: holds every sample at or under a ceiling by turning the gain down
/// smoothly just before a peak (over `lookaheadSeconds`) and back up slowly after it (over
/// `releaseSeconds`), so a loudness target can be met without clipping or a hard edge.
///
/// The gain at each frame is the mean, over the look-ahead, of a gain that drops at once to
/// what the loudest coming frame needs and recovers exponentially; the mean of values that
/// are all at or under a frame's need is under it too, so no frame passes the ceiling. Plain
/// IEEE arithmetic, one frame at a time: the same bits for any block sizes, on every machine.
public struct PeakLimiter: Sendable {
  public static let lookaheadSeconds = 0.002
  /// Short, so only a strike's first moments are turned down and its ring keeps its level.
  public static let releaseSeconds = 0.01

  /// The highest absolute value a frame leaves with (linear).
  public let ceiling: Float
  public let channels: Int
  /// Frames the limiter looks ahead: `process` wants this many frames after each block.
  public let lookaheadFrames: Int
  /// Frames over which the gain falls before a peak (`lookaheadSeconds`).
  private let window: Int
  private let release: Double
  /// The recovering gain after the last frame processed.
  private var held: Double = 1
  /// The last `window + 1` held gains, and their sum.
  private var history: [Double]
  private var historyIndex = 0
  private var historySum: Double
  /// The last frame of the previous block, for the estimate between frames.
  private var previous: [Float]

  public init(ceiling: Float, sampleRate: Int, channels: Int) {
    precondition(ceiling > 0 && sampleRate > 0 && channels > 0, "a limiter needs a ceiling")
    self.ceiling = ceiling
    self.channels = channels
    window = max(1, Int(ExactMath.roundToInteger(Self.lookaheadSeconds * Double(sampleRate))))
    lookaheadFrames = window + Self.taps / 2  // and the interpolator's reach past the window
    release = 1 - ExactMath.exponential(-1 / (Self.releaseSeconds * Double(sampleRate)))
    history = [Double](repeating: 1, count: window + 1)
    historySum = Double(window + 1)
    previous = [Float](repeating: 0, count: Self.taps / 2 * channels)
  }

  /// Taps of the interpolator between frames: frames n-3 … n+4 for a point after n.
  static let taps = 8

  /// Lanczos (a = 4) weights for the points 1/4, 1/2 and 3/4 of the way from a frame to the
  /// next (taps in a row for each), from basic arithmetic only.
  static let weights: [Float] = [0.25, 0.5, 0.75].flatMap { fraction in
    (0..<taps).map { tap in
      let x = fraction - Double(tap - taps / 2 + 1)
      return Float(sinc(x) * sinc(x / 4))
    }
  }

  /// The largest sum of absolute weights of one point: how far a point between frames can
  /// pass the frames around it.
  static let overshoot: Float =
    (0..<3).map { phase in
      weights[(phase * taps)..<((phase + 1) * taps)].reduce(0) { $0 + abs($1) }
    }.max() ?? 1

  /// sin(πx)/(πx), reducing x to the nearest whole number first so the series stays exact.
  private static func sinc(_ x: Double) -> Double {
    guard x != 0 else { return 1 }
    let whole = ExactMath.roundToInteger(x)
    let sign: Double = Int(whole) % 2 == 0 ? 1 : -1
    return sign * ExactMath.sin(Double.pi * (x - whole)) / (Double.pi * x)
  }

  /// Limits `block` in place; `lookahead` holds the frames that follow it (fewer, or none, at
  /// the end: what is missing counts as silence).
  public mutating func process(
    _ block: UnsafeMutableBufferPointer<Float>, lookahead: UnsafeBufferPointer<Float>
  ) {
    var unused: [Float] = []
    process(block, lookahead: lookahead, gains: &unused, recordsGains: false)
  }

  /// `process(_:lookahead:)`, leaving in `gains` the gain each frame of the block was
  /// multiplied by: the same gains make other signals (the stems of this mix) follow it.
  public mutating func process(
    _ block: UnsafeMutableBufferPointer<Float>, lookahead: UnsafeBufferPointer<Float>,
    gains: inout [Float]
  ) {
    process(block, lookahead: lookahead, gains: &gains, recordsGains: true)
  }

  private mutating func process(
    _ block: UnsafeMutableBufferPointer<Float>, lookahead: UnsafeBufferPointer<Float>,
    gains: inout [Float], recordsGains: Bool
  ) {
    let frameCount = block.count / channels
    let aheadCount = min(lookahead.count / channels, lookaheadFrames)
    // What each frame needs, for the block and its look-ahead: its own peak, and the peaks at
    // a quarter, half and three quarters of the way to the next frame, interpolated with a
    // Lanczos kernel (a true peak can pass the samples around it).
    let total = frameCount + min(aheadCount, window)
    let reach = Self.taps / 2
    // The frames in one run: the last `reach` of the previous block, this block, its
    // look-ahead, and silence for the interpolator to read past the end.
    var frames = previous
    frames.append(contentsOf: UnsafeBufferPointer(block))
    frames.append(contentsOf: lookahead.prefix(aheadCount * channels))
    frames.appendZeros(reach * channels)
    var needs = [Double](repeating: 1, count: total)
    let ceiling = self.ceiling
    let channels = self.channels
    // No point between frames can pass the loudest of the taps around it times this bound.
    let bound = Self.overshoot
    frames.withUnsafeBufferPointer { frames in
      Self.weights.withUnsafeBufferPointer { weights in
        needs.withUnsafeMutableBufferPointer { needs in
          for frame in 0..<total {
            var peak: Float = 0
            var near: Float = 0
            let first = (frame + 1) * channels  // the taps: frames frame-3 … frame+4
            for index in first..<(first + Self.taps * channels) {
              near = max(near, abs(frames[index]))
            }
            guard near * bound > ceiling else { continue }
            for channel in 0..<channels {
              let at = (frame + reach) * channels + channel
              peak = max(peak, abs(frames[at]))
              for phase in 0..<3 {
                var sum: Float = 0
                var index = at - (reach - 1) * channels
                for tap in 0..<Self.taps {
                  sum += weights[phase * Self.taps + tap] * frames[index]
                  index += channels
                }
                peak = max(peak, abs(sum))
              }
            }
            if peak > ceiling { needs[frame] = Double(ceiling) / Double(peak) }
          }
        }
      }
    }
    // Keep the last `reach` frames for the next block's interpolation.
    previous = Array(frames[(frameCount * channels)..<((frameCount + reach) * channels)])
    if recordsGains { gains.resize(to: frameCount) }
    // The least need over each frame's look-ahead, by a monotonic queue of indices.
    var queue = [Int](repeating: 0, count: needs.count)
    var (head, tail) = (0, 0)
    var next = 0
    for frame in 0..<frameCount {
      while next < needs.count && next <= frame + window {
        while tail > head && needs[queue[tail - 1]] >= needs[next] { tail -= 1 }
        queue[tail] = next
        tail += 1
        next += 1
      }
      while queue[head] < frame { head += 1 }
      let least = needs[queue[head]]
      held = least < held ? least : held + (least - held) * release
      historySum += held - history[historyIndex]
      history[historyIndex] = held
      historyIndex = historyIndex == window ? 0 : historyIndex + 1
      // The running sum drifts by rounding; a gain just over the frame's need is clamped to it.
      let gain = Float(min(historySum / Double(window + 1), needs[frame]))
      for channel in 0..<channels { block[frame * channels + channel] *= gain }
      if recordsGains { gains[frame] = gain }
    }
  }
}
