import AudioBasics
import Dispatch
import Resampling

/// A decoded sample's channels resampled to the output's rate, straight into the memory the
/// finished sample keeps: no whole-channel copy as floats before resampling, none after.
/// Each plane is a job of its own (`resample(_:)`), which a caller may run on threads of its
/// own; libsoxr filters each channel on its own, so this gives the values resampling them
/// together would (checked bit for bit).
public final class ResampledPlanes: @unchecked Sendable {
  public let decoded: DecodedSample
  /// The planes to resample: the decoded sample's stored ones. A stereo sample whose channels
  /// are equal is resampled once, as the same values give the same values.
  public let count: Int
  private let rate: Int
  /// Each plane's room: the decoded duration at `rate`.
  private let frames: Int
  private var pointer: UnsafeMutablePointer<Float>?
  /// Frames each plane's job made; nil until it is done.
  private var made: [Int?]
  private var failure: BankError?
  private let lock = DispatchSemaphore(value: 1)

  public init(_ decoded: DecodedSample, rate: Int) {
    self.decoded = decoded
    self.rate = rate
    count = decoded.content.buffer.storedChannels
    frames =
      decoded.pitchRatio == 1
      ? resampledFrameCount(decoded.frameCount, from: decoded.sampleRate, to: rate)
      : resampledFrameCount(
        decoded.frameCount, from: Double(decoded.sampleRate) * decoded.pitchRatio, to: rate)
    pointer = .allocate(capacity: max(1, frames * count))
    made = Array(repeating: nil, count: count)
  }

  deinit { pointer?.deallocate() }

  /// Resamples plane `plane` (below `count`) into its memory; true when it was the last plane
  /// to be done. A failure is kept for `sample(channels:)` to throw.
  @discardableResult
  public func resample(_ plane: Int) -> Bool {
    precondition(plane >= 0 && plane < count, "a plane of the sample")
    let outcome = Result { () throws(BankError) in try resampled(plane) }
    lock.wait()
    defer { lock.signal() }
    switch outcome {
    case .success(let frames): made[plane] = frames
    case .failure(let error):
      made[plane] = 0
      if failure == nil { failure = error }
    }
    return !made.contains(nil)
  }

  /// The resampled sample with `channels` channels, once every plane is done; its memory is
  /// handed over, so this is called once.
  public func sample(channels: Int) throws(BankError) -> Sample {
    lock.wait()
    defer { lock.signal() }
    if let failure { throw failure }
    guard let pointer, !made.contains(nil) else { preconditionFailure("every plane resampled") }
    self.pointer = nil
    let sample = Sample(
      adoptingFloatPlanes: pointer, planes: count, planeStride: frames,
      frames: made.compactMap { $0 }.min() ?? 0, channels: decoded.channels)
    return sample.mapped(toChannels: channels)
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
