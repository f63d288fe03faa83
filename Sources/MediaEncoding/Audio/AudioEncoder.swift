/// Encodes interleaved float frames into a compressed audio file at a path it was given.
///
/// Frames arrive in blocks of any size; the encoder buffers them into the codec's frames, so
/// the same frames give the same file however they are split between calls to `write`.
public protocol AudioEncoder: AnyObject {
  /// The file being written (the caller renames it into place afterwards, if it wants to).
  var path: String { get }
  /// Frames per second, in Hz: one of `EncoderInput.sampleRates`.
  var sampleRate: Int { get }
  /// 1 (mono) or 2 (stereo).
  var channelCount: Int { get }

  /// Encodes interleaved frames: `frames.count` sample values, a whole number of frames.
  func write(_ frames: UnsafeBufferPointer<Float>) throws(EncodingError)

  /// Encodes the buffered frames, writes the container's index and closes the file. A failed
  /// write (a full disk) is reported here at the latest; once it has succeeded, calling it
  /// again does nothing. After any error the file is incomplete and further calls throw.
  func finish() throws(EncodingError)
}

/// The audio the encoders take. Resampling is the caller's job.
public enum EncoderInput {
  /// The sample rates the encoders take, in Hz: the two that players of ringtones expect.
  public static let sampleRates = [44_100, 48_000]
  /// Mono or stereo.
  public static let channelCounts = 1...2

  /// Throws unless `sampleRate` and `channelCount` are ones the encoders take.
  static func validate(
    sampleRate: Int, channelCount: Int, path: String
  ) throws(EncodingError) {
    let operation = "setting up the encoder"
    guard sampleRates.contains(sampleRate) else {
      throw EncodingError(
        operation: operation, path: path,
        reason: "a rate of \(sampleRate) Hz given; the encoder takes 44100 or 48000 Hz; "
          + "resample first")
    }
    guard channelCounts.contains(channelCount) else {
      throw EncodingError(
        operation: operation, path: path,
        reason: "\(channelCount) channels given; the encoder takes 1 (mono) or 2 (stereo)")
    }
  }
}
