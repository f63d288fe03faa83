/// A picture that could not be drawn or written: the path and Cairo's reason.
public struct DrawingError: Error, Equatable, Sendable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `cannot draw 'alarm.png': out of memory`.
  public var description: String { "cannot draw '\(path)': \(reason)" }
}
