/// A file FFmpeg could not write (or read back): the operation, the path and FFmpeg's reason.
public struct EncodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Whether the file was being written or read back.
  public enum Access: String, Sendable {
    case write
    case read
  }

  public var operation: String
  public var path: String
  public var reason: String
  public var access: Access

  public init(operation: String, path: String, reason: String, access: Access = .write) {
    self.operation = operation
    self.path = path
    self.reason = reason
    self.access = access
  }

  /// `cannot write 'tone.m4r': No space left on device (writing the header)`.
  public var description: String { "cannot \(access.rawValue) '\(path)': \(reason) (\(operation))" }
}
