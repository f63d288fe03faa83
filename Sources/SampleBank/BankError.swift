/// A sample or bank that cannot be used: the file (or folder) and the reason.
public struct BankError: Error, Equatable, CustomStringConvertible, Sendable {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `cannot use 'bank/C.wav': it has 8 channels; a sample may have 1 or 2`.
  public var description: String { "cannot use '\(path)': \(reason)" }
}
