/// Collects a file's diagnostics in order, up to a cap so a broken file cannot flood the terminal.
struct DiagnosticList {
  static let maximumErrors = 50

  private(set) var items: [Diagnostic] = []
  private(set) var errorCount = 0

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
        items.append(
          Diagnostic(
            .error, line: line, column: column,
            message: "too many errors (more than \(Self.maximumErrors)); stopping here"))
        return
      }
    }
    items.append(
      Diagnostic(severity, line: line, column: column, length: length, message: message))
  }

  mutating func error(_ message: String, at token: Token) {
    append(.error, line: token.line, column: token.column, length: token.text.count, message: message)
  }
}
