/// Why a MusicXML or ABC file cannot be read: where (line and column, 1-based, where known)
/// and what is wrong, in one line.
public struct NotationError: Error, Equatable, Sendable, CustomStringConvertible {
  public var path: String
  /// The line and column (in characters) of the problem; `nil` when it is about the whole
  /// file (too large, not a zip archive).
  public var line: Int?
  public var column: Int?
  public var message: String
  /// The text of `line`, to print under the message with a caret at the column.
  public var sourceLine: String?

  public init(
    path: String, line: Int? = nil, column: Int? = nil, message: String, sourceLine: String? = nil
  ) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
    self.sourceLine = sourceLine
  }

  /// `tune.abc:12:5: unknown key 'H'`, or `song.mxl: not a zip archive`.
  public var description: String {
    switch (line, column) {
    case (let line?, let column?): "\(path):\(line):\(column): \(message)"
    case (let line?, nil): "\(path):\(line): \(message)"
    default: "\(path): \(message)"
    }
  }
}
