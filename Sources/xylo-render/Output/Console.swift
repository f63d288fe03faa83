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

  /// Writes what is pending to standard output; the first failure is kept for `finish`.
  func flush() {
    guard !buffer.isEmpty else { return }
    if outputFailure == nil {
      buffer.withUnsafeBytes { bytes in
        do throws(SystemError) {
          try FileSystem.write(bytes, to: STDOUT_FILENO)
        } catch {
          outputFailure = error.reason
        }
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Why standard output could not be written (a full disk, a closed pipe), if it could not.
  private(set) var outputFailure: String?

  /// Flushes standard output and turns a failure to write it into exit status 1 with a line
  /// saying why: a command whose output was lost did not succeed.
  func finish(_ status: ExitStatus) -> ExitStatus {
    flush()
    guard let failure = outputFailure else { return status }
    // A reader that stopped reading (`| head`) wanted no more: no message, as `cat` gives none.
    if failure != errorText(EPIPE) { error("cannot write standard output: \(failure)") }
    return status == .success ? .failure : status
  }

  /// Writes `text` and a newline to standard error, after anything pending on standard output.
  func err(_ text: String) {
    flush()
    writeStandardError(text + "\n")
  }

  /// `xylo-render: error: REASON` and the usage, for a bad command line.
  func error(usageError reason: String, usage: String) {
    err("xylo-render: \(styled("error:", .red)) \(terminalSafe(reason))\n\(usage)")
  }

  /// `xylo-render: error: REASON`, for a failure that is not about a score's text.
  func error(_ reason: String) {
    err("xylo-render: \(styled("error:", .red)) \(terminalSafe(reason))")
  }

  /// `xylo-render: warning: MESSAGE`.
  func warning(_ message: String) {
    err("xylo-render: \(styled("warning:", .magenta)) \(terminalSafe(message))")
  }

  /// `xylo-render: note: MESSAGE`.
  func note(_ message: String) {
    err("xylo-render: note: \(terminalSafe(message))")
  }

  /// Prints a diagnostic as `PATH:LINE:COLUMN: error: MESSAGE`, the source line and a caret.
  func print(_ diagnostic: Diagnostic, path: String, sourceLine: String?) {
    var diagnostic = diagnostic
    diagnostic.message = terminalSafe(diagnostic.message)
    // One character for one, so the caret still stands under the column.
    let sourceLine = sourceLine.map { line in
      escaped(line) { isTerminalControl($0) && $0 != "\t" ? "\u{FFFD}" : nil }
    }
    err(
      diagnostic.formatted(path: shown(path), sourceLine: sourceLine) { text, part in
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
    switch error {
    case .score(let path, let diagnostics, let lines):
      for diagnostic in diagnostics {
        print(diagnostic, path: path, sourceLine: lines[diagnostic.line])
      }
    case .notation(let notation):
      // Where the file says where, as a compiler says it; else one line.
      guard let line = notation.line else {
        self.error(notation.description)
        return
      }
      print(
        Diagnostic(.error, line: line, column: notation.column ?? 1, message: notation.message),
        path: notation.path, sourceLine: notation.sourceLine)
    default:
      self.error(error.description)
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

extension Console {
  /// What reading a score found: warnings about the file's structure, then notes about what
  /// reading changed, each naming the file.
  /// `notes: false` leaves out the notes on what reading changed, for a command that says
  /// it in a summary of its own.
  func reportReading(_ song: Song, path: String, notes: Bool = true) {
    for warning in song.scoreWarnings {
      print(warning, path: path, sourceLine: song.scoreWarningLines[warning.line])
    }
    for warning in song.warnings { self.warning("\(shown(path)): \(warning)") }
    for warning in song.bankWarnings { self.warning(displayText(warning, limit: 300)) }
    for note in song.notes where notes { self.note("\(shown(path)): \(note)") }
  }
}

/// `text` with the control characters a file may carry (an escape sequence, a bell) written
/// out as `\u{1B}`, so no file's text can drive the terminal or forge a line; newlines and
/// tabs of a message kept. Every message the console prints passes here.
func terminalSafe(_ text: String) -> String {
  escaped(text) { scalar in
    scalar == "\n" || scalar == "\t" || !isTerminalControl(scalar)
      ? nil : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  }
}

/// C0 and C1 control characters and DEL.
func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
}

/// A path as a terminal or a CI log may show it: `<stdin>` for `-`, control characters (a
/// newline, an escape sequence) escaped, so a file's name cannot forge output.
func shown(_ path: String) -> String {
  displayText(displayPath(path), limit: displayedPathLength)
}
