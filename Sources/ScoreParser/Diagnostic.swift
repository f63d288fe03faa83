/// A problem found in a score, at a 1-based line and column (columns count characters).
public struct Diagnostic: Hashable, Sendable {
  /// An error stops the score from rendering; a warning (a bar line mid-bar) does not.
  /// Printed lines read `error:` or `warning:` like a compiler's.
  public enum Severity: String, Sendable {
    case error
    case warning
  }

  public var severity: Severity
  public var line: Int
  public var column: Int
  /// How many characters the problem spans, for the `^~~~` underline; at least 1.
  public var length: Int
  public var message: String

  public init(
    _ severity: Severity, line: Int, column: Int, length: Int = 1, message: String
  ) {
    self.severity = severity
    self.line = line
    self.column = column
    self.length = max(1, length)
    self.message = message
  }

  /// The marker line under `sourceLine`: a caret at the column, tildes along the span.
  ///
  /// Tabs before the column are copied so the caret lines up in any terminal's tab width.
  public func caretLine(under sourceLine: String) -> String {
    var marker = ""
    for (index, character) in sourceLine.enumerated() where index < column - 1 {
      marker.append(character == "\t" ? "\t" : " ")
    }
    let available = max(1, sourceLine.count - (column - 1))
    return marker + "^" + String(repeating: "~", count: min(length, available) - 1)
  }
}

/// Quotes what the user wrote for a message: control characters made visible, at most 40
/// characters, so a hostile token cannot flood the terminal.
func quoted(_ text: some StringProtocol) -> String {
  "'" + displayText(text) + "'"
}

/// The longest path shown in a message, in characters; longer ones are cut in the middle.
public let displayedPathLength = 200

/// Text the user gave, made safe to print in one line: control characters escaped (`\n`,
/// `\t`, `\r`, `\u{1B}`), and cut to `limit` characters with `...` in the middle.
public func displayText(_ text: some StringProtocol, limit: Int = 40) -> String {
  var escaped: [String] = []
  for scalar in text.unicodeScalars {
    if escaped.count > limit + 1 { break }  // enough to know it must be cut
    switch scalar {
    case "\n": escaped.append("\\n")
    case "\t": escaped.append("\\t")
    case "\r": escaped.append("\\r")
    case _
    where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
      escaped.append("\\u{\(String(scalar.value, radix: 16, uppercase: true))}")
    default: escaped.append(String(scalar))
    }
  }
  let count = text.unicodeScalars.count
  guard count > limit else { return escaped.joined() }
  // Head and tail, so both the start and the extension of a long name stay visible.
  let tailCount = limit / 3
  let tail = text.unicodeScalars.suffix(tailCount)
  let tailText = displayText(String(String.UnicodeScalarView(tail)), limit: tailCount)
  return escaped.prefix(limit - tailCount - 3).joined() + "..." + tailText
}
