/// A file FFmpeg could not write: the operation, the path and FFmpeg's reason.
public struct EncodingError: Error, Equatable, Sendable, CustomStringConvertible {
  public var operation: String
  public var path: String
  public var reason: String

  public init(operation: String, path: String, reason: String) {
    self.operation = operation
    self.path = path
    self.reason = reason
  }

  /// `cannot write 'tone.m4r': No space left on device (writing the header)`.
  public var description: String { "cannot write '\(path)': \(reason) (\(operation))" }
}
