import AudioBasics
import Dispatch
import Resampling

/// A decoded sample's channels resampled to the output's rate, straight into the memory the
/// finished sample keeps: no whole-channel copy as floats before resampling, none after.
/// Each plane is a job of its own (`resample(_:)`), which callers on several threads share:
/// the first to ask runs it, the others wait for it. libsoxr filters each channel on its own,
/// so this gives the values resampling them together would (checked bit for bit).
public final class ResampledPlanes: @unchecked Sendable {
  public let decoded: DecodedSample
  /// The planes to resample: the decoded sample's stored ones. A stereo sample whose channels
  /// are equal is resampled once, as the same values give the same values.
  public let count: Int
  /// The rate the planes are resampled to.
  public let rate: Int
  /// Each plane's room: the decoded duration at `rate`.
  private let frames: Int
  private var pointer: UnsafeMutablePointer<Float>?
  private var states: [PlaneState]
  /// Left by each plane's job when it is done, for the callers that wait for it.
  private let planesDone: [DispatchGroup]
  private var failure: BankError?
  /// The sample made of the planes once all are done, at the decoded sample's channels.
  private var finished: Sample?
  private var assemblyTaken = false
  private let lock = DispatchSemaphore(value: 1)

  private enum PlaneState {
    case waiting
    case running
    /// Frames made.
    case done(Int)
  }

  public init(_ decoded: DecodedSample, rate: Int) {
    self.decoded = decoded
    self.rate = rate
    count = decoded.content.buffer.storedChannels
    frames =
      decoded.pitchRatio == 1
      ? resampledFrameCount(decoded.frameCount, from: decoded.sampleRate, to: rate)
      : resampledFrameCount(
        decoded.frameCount, from: Double(decoded.sampleRate) * decoded.pitchRatio, to: rate)
    pointer = SampleMemory.shared.allocate(Float.self, capacity: frames * count)
    states = Array(repeating: .waiting, count: count)
    planesDone = (0..<count).map { _ in
      let group = DispatchGroup()
      group.enter()
      return group
    }
  }

  deinit { pointer.map { SampleMemory.free($0) } }

  /// Resamples plane `plane` (below `count`) into its memory, or waits for the caller that
  /// started it; true when every plane is done. A failure is kept for `sample(channels:)`.
  @discardableResult
  public func resample(_ plane: Int) -> Bool {
    if claim(plane) { run(plane) } else { planesDone[plane].wait() }
    return isDone
  }

  /// Resamples plane `plane` unless another caller has started it; never waits (a thread
  /// loading ahead of time leaves a plane a render's own thread has begun).
  package func resampleUnlessStarted(_ plane: Int) {
    if claim(plane) { run(plane) }
  }

  /// Whether every plane is done.
  public var isDone: Bool {
    lock.wait()
    defer { lock.signal() }
    return allDone
  }

  /// True for exactly one caller, once every plane is done: the one to put the sample
  /// together (several callers may see the last plane done).
  package func takesAssembly() -> Bool {
    lock.wait()
    defer { lock.signal() }
    guard allDone, !assemblyTaken else { return false }
    assemblyTaken = true
    return true
  }

  private var allDone: Bool {
    states.allSatisfy { if case .done = $0 { true } else { false } }
  }

  /// The resampled sample with `channels` channels, once every plane is done.
  public func sample(channels: Int) throws(BankError) -> Sample {
    lock.wait()
    defer { lock.signal() }
    if let failure { throw failure }
    if let finished { return finished.mapped(toChannels: channels) }
    let made = states.map { if case .done(let frames) = $0 { frames } else { -1 } }
    guard let pointer, !made.contains(-1) else { preconditionFailure("every plane resampled") }
    self.pointer = nil
    let sample = Sample(
      adoptingFloatPlanes: pointer, planes: count, planeStride: frames,
      frames: made.min() ?? 0, channels: decoded.channels)
    finished = sample
    return sample.mapped(toChannels: channels)
  }

  /// Takes plane `plane`'s job if nobody has.
  private func claim(_ plane: Int) -> Bool {
    precondition(plane >= 0 && plane < count, "a plane of the sample")
    lock.wait()
    defer { lock.signal() }
    guard case .waiting = states[plane] else { return false }
    states[plane] = .running
    return true
  }

  private func run(_ plane: Int) {
    let outcome = Result { () throws(BankError) in try resampled(plane) }
    lock.wait()
    switch outcome {
    case .success(let frames): states[plane] = .done(frames)
    case .failure(let error):
      states[plane] = .done(0)
      if failure == nil { failure = error }
    }
    lock.signal()
    planesDone[plane].leave()
  }

  private func resampled(_ plane: Int) throws(BankError) -> Int {
    guard let output = pointer.map({ $0 + plane * frames }) else { return 0 }
    let buffer = decoded.content.buffer
    let inputFrames = buffer.planeLength
    let inputRate = Double(decoded.sampleRate) * decoded.pitchRatio
    do throws(ResampleError) {
      switch buffer.base {
      case .float(let values):
        let start = values + plane * inputFrames
        return try resampleStream(
          inputFrames: inputFrames, channels: 1, from: inputRate, to: rate, into: output,
          outputFrames: frames
        ) { first, _ in UnsafePointer(start + first) }
      case .int16(let values):
        // Each stretch libsoxr takes is made floats in a small buffer of its own.
        let start = values + plane * inputFrames
        let floats = UnsafeMutablePointer<Float>.allocate(capacity: resampleChunkFrames)
        defer { floats.deallocate() }
        return try resampleStream(
          inputFrames: inputFrames, channels: 1, from: inputRate, to: rate, into: output,
          outputFrames: frames
        ) { first, taken in
          floatsOfSixteenBits(start + first, count: min(taken, resampleChunkFrames), into: floats)
          return UnsafePointer(floats)
        }
      }
    } catch {
      throw BankError(path: decoded.source, reason: "it cannot be resampled: \(error.reason)")
    }
  }
}
