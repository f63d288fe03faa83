import CEBUR128

/// A loudness measurement that could not be made: what was being done and why.
public struct LoudnessError: Error, Equatable, Sendable, CustomStringConvertible {
  public var operation: String
  public var reason: String

  public init(operation: String, reason: String) {
    self.operation = operation
    self.reason = reason
  }

  /// `cannot measure loudness: 9 channels given; a meter takes 1 (mono) or 2 (stereo)`.
  public var description: String { "cannot \(operation): \(reason)" }
}

/// Returns when `status` is libebur128's `EBUR128_SUCCESS`, and throws the error it names
/// otherwise: the one place that reads libebur128's error codes.
func checkLibraryStatus(_ status: Int32, operation: String) throws(LoudnessError) {
  let reason: String
  switch UInt32(bitPattern: status) {
  case EBUR128_SUCCESS.rawValue:
    return
  case EBUR128_ERROR_NOMEM.rawValue:
    reason = "libebur128 ran out of memory"
  case EBUR128_ERROR_INVALID_MODE.rawValue:
    reason = "the meter was not set up for this measurement"
  case EBUR128_ERROR_INVALID_CHANNEL_INDEX.rawValue:
    reason = "the meter has no such channel"
  case EBUR128_ERROR_NO_CHANGE.rawValue:
    reason = "the meter's settings were already these"
  default:
    reason = "libebur128 returned the unknown status \(status)"
  }
  throw LoudnessError(operation: operation, reason: reason)
}
