import Platform
import Rendering

/// A one-line progress bar on standard error, shown only on a terminal and only once a render
/// has taken longer than a moment.
final class ProgressBar {
  private let start = monotonicSeconds()
  private var lastDraw = -Double.infinity
  private var drawn = false
  private var phase = RenderProgress.Phase.writing
  private var measured = false

  /// `nil` when standard error is not a terminal or the user asked for quiet.
  init?(quiet: Bool) {
    guard !quiet, isatty(STDERR_FILENO) != 0 else { return nil }
  }

  func show(_ progress: RenderProgress) {
    if progress.phase != phase {
      finish()
      phase = progress.phase
    }
    if phase == .measuring { measured = true }
    let now = monotonicSeconds()
    guard progress.totalFrames > 0, now - start > 0.3, now - lastDraw > 0.1 else { return }
    lastDraw = now
    let label =
      switch phase {
      case .measuring: "measuring"
      case .writing: measured ? "writing  " : "rendering"
      }
    let fraction = Double(progress.framesDone) / Double(progress.totalFrames)
    let width = 30
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    writeStandardError("\r\(label) [\(bar)] \(Int(fraction * 100))%")
    drawn = true
  }

  /// Clears the line so the next message starts clean.
  func finish() {
    if drawn { writeStandardError("\r\u{1B}[K") }
    drawn = false
  }
}
