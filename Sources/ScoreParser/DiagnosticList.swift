/// Collects a file's diagnostics in order, up to a cap so a broken file cannot flood the terminal.
struct DiagnosticList {
  static let maximumErrors = 50

  private var collected: [Diagnostic] = []
  private var stopNote: Diagnostic?
  private(set) var errorCount = 0

  /// The diagnostics by line and column, the note about stopping (if any) last.
  var items: [Diagnostic] {
    let sorted = collected.enumerated().sorted {
      ($0.element.line, $0.element.column, $0.offset) < (
        $1.element.line, $1.element.column, $1.offset
      )
    }.map(\.element)
    return sorted + (stopNote.map { [$0] } ?? [])
  }

  /// True once the cap was reached; parsing stops there.
  var isFull: Bool { errorCount > Self.maximumErrors }
  var hasErrors: Bool { errorCount > 0 }

  mutating func append(
    _ severity: Diagnostic.Severity, line: Int, column: Int, length: Int = 1, message: String
  ) {
    guard !isFull else { return }
    if severity == .error {
      errorCount += 1
      if isFull {
        stopNote = Diagnostic(
          .error, line: line, column: column,
          message: "too many errors (more than \(Self.maximumErrors)); stopping here")
        return
      }
    }
    collected.append(
      Diagnostic(severity, line: line, column: column, length: length, message: message))
  }

  mutating func error(_ message: String, at token: Token) {
    error(message, at: token.span)
  }

  mutating func error(_ message: String, at span: SourceSpan) {
    append(.error, line: span.line, column: span.column, length: span.length, message: message)
  }
}
