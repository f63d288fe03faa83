/// The parts of a printed diagnostic that a terminal may style (bold, colour).
public enum DiagnosticPart: Sendable {
  case location
  case severity
  case message
  case caret
}

extension Diagnostic {
  /// `PATH:LINE:COLUMN: error: MESSAGE`, the first line of the printed form.
  public func headline(path: String) -> String {
    formatted(path: path, sourceLine: nil)
  }

  /// The diagnostic as printed: the headline, then the source line (cut to 120 characters
  /// around the problem when longer than 160) and a caret under the problem.
  ///
  /// `style` wraps each part for display; the default leaves text plain.
  public func formatted(
    path: String, sourceLine: String?,
    style: (String, DiagnosticPart) -> String = { text, _ in text }
  ) -> String {
    var text =
      "\(style("\(path):\(line):\(column):", .location)) \(style(severity.rawValue + ":", .severity)) \(style(message, .message))"
    if let sourceLine {
      let (source, moved) = excerpt(sourceLine)
      text += "\n\(source)\n\(style(moved.caretLine(under: source), .caret))"
    }
    return text
  }

  /// A long line cut to 120 characters around the diagnostic, with `...` where it was cut, and
  /// the diagnostic moved to match.
  private func excerpt(_ line: String) -> (String, Diagnostic) {
    // Counted, not copied into an array: a line may be megabytes long.
    guard line.utf8.count > 160 else { return (line, self) }
    let count = line.count
    guard count > 160 else { return (line, self) }
    let start = max(0, min(column - 61, count - 120))
    let end = min(count, start + 120)
    var moved = self
    moved.column = column - start + (start > 0 ? 3 : 0)
    let from = line.index(line.startIndex, offsetBy: start)
    let to = line.index(from, offsetBy: end - start)
    let text = (start > 0 ? "..." : "") + line[from..<to] + (end < count ? "..." : "")
    return (text, moved)
  }
}
