import AudioBasics
import CSoxr

/// Why a sample could not be resampled.
public struct ResampleError: Error, Equatable, Sendable {
  public var reason: String
}

/// Converts interleaved float frames from one rate to another with libsoxr at its very-high-quality
/// setting (steep linear-phase filter, 175 dB stop band), single-threaded.
///
/// The values are `soxr_oneshot`'s (checked bit for bit). Output length is the input's duration at the
/// new rate, rounded to the nearest frame.
public func resample(
  _ frames: [Float], channels: Int, from inputRate: Int, to outputRate: Int
) throws(ResampleError) -> [Float] {
  guard inputRate != outputRate else { return frames }
  guard channels > 0, inputRate > 0, outputRate > 0 else {
    throw ResampleError(reason: "invalid rate or channel count")
  }
  return try resampled(
    frames, channels: channels, from: Double(inputRate), to: outputRate,
    outputFrames: resampledFrameCount(frames.count / channels, from: inputRate, to: outputRate))
}

/// Resamples from a rate that need not be whole: a sample at `sampleRate` played `pitchRatio`
/// times faster (an SFZ region pitched to another key) is one at `sampleRate × pitchRatio`.
/// Output length is the input's duration at `outputRate`, rounded to the nearest frame.
public func resample(
  _ frames: [Float], channels: Int, from inputRate: Double, to outputRate: Int
) throws(ResampleError) -> [Float] {
  guard channels > 0, inputRate.isFinite, inputRate > 0, outputRate > 0 else {
    throw ResampleError(reason: "invalid rate or channel count")
  }
  return try resampled(
    frames, channels: channels, from: inputRate, to: outputRate,
    outputFrames: resampledFrameCount(frames.count / channels, from: inputRate, to: outputRate))
}

/// The frames `inputFrames` at `inputRate` become at `outputRate`: the same duration, rounded
/// to the nearest frame, in integers.
package func resampledFrameCount(_ inputFrames: Int, from inputRate: Int, to outputRate: Int)
  -> Int
{
  Int((Int64(inputFrames) * Int64(outputRate) + Int64(inputRate) / 2) / Int64(inputRate))
}

/// `resampledFrameCount` from a rate that need not be whole (a pitched sample's).
package func resampledFrameCount(_ inputFrames: Int, from inputRate: Double, to outputRate: Int)
  -> Int
{
  Int((Double(inputFrames) * Double(outputRate) / inputRate).rounded())
}

private func resampled(
  _ frames: [Float], channels: Int, from inputRate: Double, to outputRate: Int, outputFrames: Int
) throws(ResampleError) -> [Float] {
  let inputFrames = frames.count / channels
  return try frames.withUnsafeBufferPointer { (input) throws(ResampleError) in
    var failure: ResampleError?
    let output = [Float](unsafeUninitializedCapacity: outputFrames * channels) {
      out, initialized in
      do throws(ResampleError) {
        let made = try resampleStream(
          inputFrames: inputFrames, channels: channels, from: inputRate, to: outputRate,
          into: out.baseAddress, outputFrames: outputFrames
        ) { start, _ in input.baseAddress.map { UnsafePointer($0 + start * channels) } }
        initialized = made * channels
      } catch {
        failure = error
        initialized = 0
      }
    }
    if let failure { throw failure }
    return output
  }
}

/// Resamples `inputFrames` interleaved frames through one libsoxr stream at very high quality
/// into `output`, room for `outputFrames`; returns the frames made (at most `outputFrames`).
/// `input(start, count)` points at `count` frames from frame `start`, valid until its next
/// call: a caller converts one stretch at a time into a small buffer rather than the whole
/// sample into floats first. Fed `resampleChunkFrames` at a time rather than all at once
/// (`soxr_oneshot`), libsoxr's buffers stay small: the same values in 55-60% of the time (a
/// channel of 167,580 frames, HighC's length, 44.1 to 48 kHz: 2.5 ms against 4.4 ms).
package func resampleStream(
  inputFrames: Int, channels: Int, from inputRate: Double, to outputRate: Int,
  into output: UnsafeMutablePointer<Float>?, outputFrames: Int,
  input: (_ start: Int, _ count: Int) -> UnsafePointer<Float>?
) throws(ResampleError) -> Int {
  if let failure = soxrFailure {
    throw ResampleError(reason: failure)
  }
  var ioSpec = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
  var qualitySpec = soxr_quality_spec(UInt(SOXR_VHQ), 0)
  var runtimeSpec = soxr_runtime_spec(1)
  var creationError: soxr_error_t?
  guard
    let resampler = soxr_create(
      inputRate, Double(outputRate), UInt32(channels), &creationError, &ioSpec, &qualitySpec,
      &runtimeSpec)
  else {
    throw ResampleError(reason: creationError.map { String(cString: $0) } ?? "soxr_create failed")
  }
  defer { soxr_delete(resampler) }
  var outputDone = 0
  var inputDone = 0
  while outputDone < outputFrames {
    // A null input is the end of the stream: libsoxr then flushes its filter's delay.
    let flushing = inputDone == inputFrames
    let taken = min(resampleChunkFrames, inputFrames - inputDone)
    var used = 0
    var made = 0
    if let failure = soxr_process(
      resampler, flushing ? nil : input(inputDone, taken).map { UnsafeRawPointer($0) }, taken,
      &used, output.map { $0 + outputDone * channels }, outputFrames - outputDone, &made)
    {
      throw ResampleError(reason: String(cString: failure))
    }
    inputDone += used
    outputDone += made
    if flushing && made == 0 { break }
  }
  return outputDone
}

/// Input frames handed to libsoxr a call, the most `resampleStream` asks its input for at once:
/// past about 16,384 its buffers outgrow the caches.
package let resampleChunkFrames = 4096

/// Why libsoxr, opened on first use, could not be opened; nil once it is.
let soxrFailure: String? = sharedLibraryFailure("libsoxr", xylo_soxr_open)
