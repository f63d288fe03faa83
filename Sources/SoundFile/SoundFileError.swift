import CSndFile

/// A failed audio-file operation: which file, what was being done, and libsndfile's reason.
public struct SoundFileError: Error, Equatable, CustomStringConvertible, Sendable {
  public enum Operation: String, Sendable {
    case read
    case write
  }

  public var path: String
  public var operation: Operation
  public var reason: String

  public init(path: String, operation: Operation, reason: String) {
    self.path = path
    self.operation = operation
    self.reason = reason
  }

  /// `cannot read 'C.wav': the file holds no audio format libsndfile knows`.
  public var description: String {
    "cannot \(operation.rawValue) '\(path)': \(reason)"
  }
}

/// libsndfile's message for `handle` (or the last failed open when `nil`), made to read as
/// the reason in one of our messages: without its `System error : ` prefix and final period.
func libraryReason(_ handle: OpaquePointer?) -> String {
  guard let cString = sf_strerror(handle) else { return "unknown error" }
  return cleanedReason(String(cString: cString))
}

/// libsndfile's message for an error number returned by `sf_close` and friends.
func libraryReason(errorNumber: Int32) -> String {
  guard let cString = sf_error_number(errorNumber) else { return "error \(errorNumber)" }
  return cleanedReason(String(cString: cString))
}

private func cleanedReason(_ message: String) -> String {
  var text = message
  for prefix in ["System error : ", "Error : "] where text.hasPrefix(prefix) {
    text.removeFirst(prefix.count)
  }
  while text.hasSuffix(".") || text.hasSuffix("\n") { text.removeLast() }
  return text
}
