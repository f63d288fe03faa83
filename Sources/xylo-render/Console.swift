import Platform
import Rendering
import ScoreParser

/// Standard output (buffered, for long CSV) and standard error, with colour only on a terminal.
final class Console: @unchecked Sendable {
  private var buffer: [UInt8] = []
  let colorsErrors: Bool

  init() {
    colorsErrors =
      isatty(STDERR_FILENO) != 0 && Environment.value("NO_COLOR") == nil
  }

  deinit { flush() }

  /// Writes `text` and a newline to standard output.
  func out(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= 1 << 16 { flush() }
  }

  func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = write(STDOUT_FILENO, base + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { break }  // a closed pipe: nobody is reading any more
        offset += written
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes `text` and a newline to standard error, after anything pending on standard output.
  func err(_ text: String) {
    flush()
    writeStandardError(text + "\n")
  }

  /// `xylo-render: error: REASON` and the usage, for a bad command line.
  func error(usageError reason: String, usage: String) {
    err("xylo-render: \(styled("error:", .red)) \(reason)\n\(usage)")
  }

  /// `xylo-render: error: REASON`, for a failure that is not about a score's text.
  func error(_ reason: String) {
    err("xylo-render: \(styled("error:", .red)) \(reason)")
  }

  /// `xylo-render: warning: MESSAGE`.
  func warning(_ message: String) {
    err("xylo-render: \(styled("warning:", .magenta)) \(message)")
  }

  /// `xylo-render: note: MESSAGE`.
  func note(_ message: String) {
    err("xylo-render: note: \(message)")
  }

  /// Prints a diagnostic as `PATH:LINE:COLUMN: error: MESSAGE`, the source line and a caret.
  func print(_ diagnostic: Diagnostic, path: String, sourceLine: String?) {
    err(
      diagnostic.formatted(path: path, sourceLine: sourceLine) { text, part in
        switch part {
        case .location, .message: styled(text, .bold)
        case .severity: styled(text, .red)
        case .caret: styled(text, .green)
        }
      })
  }

  /// Prints why a render, comparison or export failed: every diagnostic of a score with
  /// errors, else one line.
  func report(_ error: RenderError) {
    guard case .score(let path, let diagnostics, let lines) = error else {
      self.error(error.description)
      return
    }
    for diagnostic in diagnostics {
      print(diagnostic, path: path, sourceLine: lines[diagnostic.line])
    }
  }

  enum Style: String {
    case bold = "1"
    case red = "1;31"
    case magenta = "1;35"
    case green = "1;32"
  }

  private func styled(_ text: String, _ style: Style) -> String {
    colorsErrors ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }
}

/// Writes text to standard error as it is, ignoring failures (there is nowhere left to report).
func writeStandardError(_ text: String) {
  var bytes = Array(text.utf8)
  bytes.withUnsafeBytes { try? FileSystem.write($0, to: STDERR_FILENO) }
  bytes.removeAll()
}
