import Platform

/// A one-line progress bar on standard error, shown only on a terminal and only once a render
/// has taken longer than a moment.
final class ProgressBar {
  private let total: Int64
  private let label: String
  private let start = monotonicSeconds()
  private var lastDraw = -Double.infinity
  private var drawn = false

  /// `nil` when standard error is not a terminal or the user asked for quiet.
  init?(total: Int64, label: String, quiet: Bool) {
    guard !quiet, isatty(STDERR_FILENO) != 0, total > 0 else { return nil }
    self.total = total
    self.label = label
  }

  func update(done: Int64) {
    let now = monotonicSeconds()
    guard now - start > 0.3, now - lastDraw > 0.1 else { return }
    lastDraw = now
    let fraction = Double(done) / Double(total)
    let width = 30
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    writeStandardError("\r\(label) [\(bar)] \(Int(fraction * 100))%")
    drawn = true
  }

  /// Clears the line so the next message starts clean.
  func finish() {
    if drawn { writeStandardError("\r\u{1B}[K") }
  }
}
