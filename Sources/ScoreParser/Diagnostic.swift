/// A problem found in a score, at a 1-based line and column (columns count characters).
public struct Diagnostic: Hashable, Sendable {
  /// Every problem a score can have stops it from rendering; the severity is kept so printed
  /// lines read `error:` like a compiler's.
  public enum Severity: String, Sendable {
    case error
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

/// Quotes what the user wrote for a message, with control characters made visible.
func quoted(_ text: some StringProtocol) -> String {
  var result = "'"
  for scalar in text.unicodeScalars {
    if scalar.value < 0x20 || scalar.value == 0x7F {
      result += "\\u{\(String(scalar.value, radix: 16))}"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result + "'"
}
