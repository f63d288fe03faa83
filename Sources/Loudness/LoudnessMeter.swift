import AudioBasics
import CEBUR128

/// Measures EBU R 128 loudness of mono or stereo audio fed to it in order: integrated loudness,
/// loudness range, true peak and sample peak.
///
/// Owns one libebur128 state, destroyed in `deinit`. Mono is measured as one channel (a 0 dBFS
/// 1 kHz sine reads −3.01 LUFS), stereo as left and right (the same sine on both reads 0 LUFS).
/// The same frames give the same measurement however they are split between calls to `add`.
public final class LoudnessMeter {
  /// The sample rates libebur128 1.2.6 accepts, in Hz (`ebur128_init` refuses the others).
  public static let sampleRates = 16...2_822_400

  /// What the meter measures: integrated loudness, loudness range, true and sample peaks.
  private static let mode = Int32(
    bitPattern: EBUR128_MODE_I.rawValue | EBUR128_MODE_LRA.rawValue
      | EBUR128_MODE_TRUE_PEAK.rawValue)

  /// 1 (mono) or 2 (stereo).
  public let channelCount: Int
  /// Frames per second, in Hz.
  public let sampleRate: Int
  private let state: UnsafeMutablePointer<ebur128_state>

  /// A meter for `channelCount` interleaved channels at `sampleRate` Hz.
  ///
  /// Only mono and stereo are taken: libebur128 would weight a third channel as centre, a
  /// fourth not at all (LFE), and so on, which suits no layout this tool writes.
  /// The corresponding C function is `ebur128_init`.
  public init(channelCount: Int, sampleRate: Int) throws(LoudnessError) {
    let operation = "measure loudness"
    guard channelCount == 1 || channelCount == 2 else {
      throw LoudnessError(
        operation: operation,
        reason: "\(channelCount) channels given; a meter takes 1 (mono) or 2 (stereo)")
    }
    guard Self.sampleRates.contains(sampleRate) else {
      throw LoudnessError(
        operation: operation,
        reason: "a rate of \(sampleRate) Hz given; libebur128 takes 16 to 2822400 Hz")
    }
    if let failure = ebur128Failure {
      throw LoudnessError(operation: operation, reason: failure)
    }
    guard let state = ebur128_init(UInt32(channelCount), UInt(sampleRate), Self.mode) else {
      throw LoudnessError(operation: operation, reason: "libebur128 ran out of memory")
    }
    self.channelCount = channelCount
    self.sampleRate = sampleRate
    self.state = state
  }

  deinit {
    var pointer: UnsafeMutablePointer<ebur128_state>? = state
    ebur128_destroy(&pointer)
  }

  /// Adds interleaved frames: `frames.count` sample values, a whole number of frames.
  /// The corresponding C function is `ebur128_add_frames_float`.
  public func add(_ frames: UnsafeBufferPointer<Float>) throws(LoudnessError) {
    let frameCount = try wholeFrames(frames.count)
    guard let values = frames.baseAddress, frameCount > 0 else { return }
    try checkLibraryStatus(
      ebur128_add_frames_float(state, values, frameCount), operation: "add frames")
  }

  /// Adds interleaved frames: `frames.count` sample values, a whole number of frames.
  /// The corresponding C function is `ebur128_add_frames_double`.
  public func add(_ frames: UnsafeBufferPointer<Double>) throws(LoudnessError) {
    let frameCount = try wholeFrames(frames.count)
    guard let values = frames.baseAddress, frameCount > 0 else { return }
    try checkLibraryStatus(
      ebur128_add_frames_double(state, values, frameCount), operation: "add frames")
  }

  /// The loudness and peaks of all the frames added so far; more can be added afterwards.
  /// The corresponding C functions are `ebur128_loudness_global`, `ebur128_loudness_range`,
  /// `ebur128_true_peak` and `ebur128_sample_peak`.
  public func measurement() throws(LoudnessError) -> LoudnessMeasurement {
    var integrated = 0.0
    try checkLibraryStatus(
      ebur128_loudness_global(state, &integrated), operation: "measure integrated loudness")
    var range = 0.0
    try checkLibraryStatus(
      ebur128_loudness_range(state, &range), operation: "measure the loudness range")
    var truePeak = 0.0
    var samplePeak = 0.0
    for channel in 0..<UInt32(channelCount) {
      var value = 0.0
      try checkLibraryStatus(
        ebur128_true_peak(state, channel, &value), operation: "measure the true peak")
      truePeak = max(truePeak, value)
      try checkLibraryStatus(
        ebur128_sample_peak(state, channel, &value), operation: "measure the sample peak")
      samplePeak = max(samplePeak, value)
    }
    return LoudnessMeasurement(
      integratedLUFS: integrated, loudnessRangeLU: range,
      truePeakDBTP: Decibels.of(truePeak), samplePeakDBFS: Decibels.of(samplePeak))
  }

  /// The frames `valueCount` sample values make, or an error when they end mid-frame.
  private func wholeFrames(_ valueCount: Int) throws(LoudnessError) -> Int {
    guard valueCount % channelCount == 0 else {
      throw LoudnessError(
        operation: "add frames",
        reason: "\(valueCount) sample values are not whole frames of \(channelCount) channels")
    }
    return valueCount / channelCount
  }
}

/// Why libebur128, opened on first use, could not be opened; nil once it is.
let ebur128Failure: String? = sharedLibraryFailure("libebur128", xylo_ebur128_open)

extension LoudnessMeter {
  /// The loudness of interleaved frames held in memory, measured in one go: the one way a whole
  /// buffer is fed to a meter.
  public static func measure(_ values: [Float], channelCount: Int, sampleRate: Int)
    throws(LoudnessError) -> LoudnessMeasurement
  {
    let meter = try LoudnessMeter(channelCount: channelCount, sampleRate: sampleRate)
    try values.withUnsafeBufferPointer { (buffer) throws(LoudnessError) in try meter.add(buffer) }
    return try meter.measurement()
  }

  /// `measure(_:channelCount:sampleRate:)` for values in double precision.
  public static func measure(_ values: [Double], channelCount: Int, sampleRate: Int)
    throws(LoudnessError) -> LoudnessMeasurement
  {
    let meter = try LoudnessMeter(channelCount: channelCount, sampleRate: sampleRate)
    try values.withUnsafeBufferPointer { (buffer) throws(LoudnessError) in try meter.add(buffer) }
    return try meter.measurement()
  }
}
