/// A loudness measurement that could not be made: what was being done and why.
public struct LoudnessError: Error, Equatable, Sendable, CustomStringConvertible {
  public var operation: String
  public var reason: String

  public init(operation: String, reason: String) {
    self.operation = operation
    self.reason = reason
  }

  /// `cannot measure loudness: libebur128 cannot take 9 channels`.
  public var description: String { "cannot \(operation): \(reason)" }
}
