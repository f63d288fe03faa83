import AudioBasics
import CFFmpeg

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// FFmpeg's constants that Swift cannot import (function-like macros), named once.
enum LibraryCode {
  /// `AVERROR(EAGAIN)`: the codec wants input (or output to be taken) first.
  static let tryAgain = -EAGAIN
  /// `AVERROR(ENOMEM)`.
  static let outOfMemory = -ENOMEM
  /// `AVERROR_EOF`: `FFERRTAG('E', 'O', 'F', ' ')`.
  static let endOfFile = -errorTag("EOF ")
  /// `AV_NOPTS_VALUE`: no timestamp or duration known.
  static let noTimestamp = Int64.min
  /// `AV_CODEC_FLAG_QSCALE`: rate control by `global_quality` rather than `bit_rate`.
  static let fixedQualityFlag = AV_CODEC_FLAG_QSCALE
  /// `AV_CODEC_FLAG2_SKIP_MANUAL`: the decoder reports priming and padding instead of
  /// trimming them.
  static let skipManuallyFlag = AV_CODEC_FLAG2_SKIP_MANUAL
  /// `FF_QP2LAMBDA`: `global_quality` is a quality times this.
  static let qualityScale = Double(FF_QP2LAMBDA)

  /// `MKTAG` of four ASCII characters, as FFmpeg builds its own error codes.
  private static func errorTag(_ text: StaticString) -> Int32 {
    var tag: UInt32 = 0
    for (index, byte) in UnsafeBufferPointer(start: text.utf8Start, count: 4).enumerated() {
      tag |= UInt32(byte) << (8 * UInt32(index))
    }
    return Int32(bitPattern: tag)
  }
}

/// Returns `status` when it is not negative, and throws `libraryError(status, …)` otherwise.
@discardableResult
func checkLibraryStatus(
  _ status: Int32, _ operation: String, path: String, access: EncodingError.Access = .write
) throws(EncodingError) -> Int32 {
  guard status < 0 else { return status }
  throw libraryError(status, operation, path: path, access: access)
}

/// The `EncodingError` a negative FFmpeg status names, with `av_strerror`'s text as the reason
/// (`No space left on device`): the one place that reads FFmpeg's `AVERROR` codes.
func libraryError(
  _ status: Int32, _ operation: String, path: String, access: EncodingError.Access = .write
) -> EncodingError {
  var buffer = [CChar](repeating: 0, count: Int(AV_ERROR_MAX_STRING_SIZE))
  let reason =
    av_strerror(status, &buffer, buffer.count) == 0
    ? String(cText: buffer)
    : "FFmpeg error \(status)"
  return EncodingError(operation: operation, path: path, reason: reason, access: access)
}
