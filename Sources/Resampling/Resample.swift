import AudioBasics
import CSoxr

/// Why a sample could not be resampled.
public struct ResampleError: Error, Equatable, Sendable {
  public var reason: String
}

/// Converts interleaved float frames from one rate to another with libsoxr at its very-high-quality
/// setting (steep linear-phase filter, 175 dB stop band), single-threaded.
///
/// The corresponding C function is `soxr_oneshot`. Output length is the input's duration at the
/// new rate, rounded to the nearest frame.
public func resample(
  _ frames: [Float], channels: Int, from inputRate: Int, to outputRate: Int
) throws(ResampleError) -> [Float] {
  guard inputRate != outputRate else { return frames }
  guard channels > 0, inputRate > 0, outputRate > 0 else {
    throw ResampleError(reason: "invalid rate or channel count")
  }
  if let failure = soxrFailure {
    throw ResampleError(reason: failure)
  }
  let inputFrames = frames.count / channels
  let outputFrames = Int(
    (Int64(inputFrames) * Int64(outputRate) + Int64(inputRate) / 2) / Int64(inputRate))
  return try oneShot(
    frames, channels: channels, from: Double(inputRate), to: Double(outputRate),
    outputFrames: outputFrames)
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
  if let failure = soxrFailure {
    throw ResampleError(reason: failure)
  }
  let inputFrames = frames.count / channels
  let outputFrames = Int((Double(inputFrames) * Double(outputRate) / inputRate).rounded())
  return try oneShot(
    frames, channels: channels, from: inputRate, to: Double(outputRate),
    outputFrames: outputFrames)
}

/// `soxr_oneshot` at very high quality into `outputFrames` frames.
private func oneShot(
  _ frames: [Float], channels: Int, from inputRate: Double, to outputRate: Double,
  outputFrames: Int
) throws(ResampleError) -> [Float] {
  let inputFrames = frames.count / channels
  var output = [Float](repeating: 0, count: outputFrames * channels)
  var inputDone = 0
  var outputDone = 0
  var ioSpec = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
  var qualitySpec = soxr_quality_spec(UInt(SOXR_VHQ), 0)
  var runtimeSpec = soxr_runtime_spec(1)
  let error = frames.withUnsafeBufferPointer { input in
    output.withUnsafeMutableBufferPointer { out in
      soxr_oneshot(
        inputRate, outputRate, UInt32(channels),
        input.baseAddress, inputFrames, &inputDone,
        out.baseAddress, outputFrames, &outputDone,
        &ioSpec, &qualitySpec, &runtimeSpec)
    }
  }
  if let error {
    throw ResampleError(reason: String(cString: error))
  }
  if outputDone < outputFrames {
    output.removeSubrange((outputDone * channels)...)
  }
  return output
}

/// Why libsoxr, opened on first use, could not be opened; nil once it is.
private let soxrFailure: String? = sharedLibraryFailure("libsoxr", xylo_soxr_open)
