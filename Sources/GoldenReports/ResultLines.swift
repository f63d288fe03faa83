import AudioBasics
import GoldenTesting
import Platform
import Rendering

extension GoldenTestResult {
  /// What the console shows under the test's name: what differs and how, what was written, or
  /// the errors; one line each, details indented.
  public var lines: [String] {
    switch outcome {
    case .passed where wroteManifest: return ["wrote '\(test.manifest)'"]
    case .passed where !manifestChanges.isEmpty && error == nil:
      return [
        "its manifest is out of date (\(manifestChanges.map(describe).joined(separator: "; "))); 'xylo-render test --update' makes it again"
      ]
    case .passed, .removed:
      return error.map(errorLines) ?? []
    case .written: return ["wrote '\(test.golden)'"]
    case .updated: return ["rewrote '\(test.golden)'"]
    case .obsolete: return ["no score for '\(test.golden)'"]
    case .error:
      if test.score.isEmpty, case .output(let failure)? = error {
        return ["cannot remove '\(test.golden)': \(failure.reason)"]
      }
      return error.map(errorLines) ?? []
    case .failed:
      guard let verdict else {
        return ["missing golden '\(test.golden)'; run 'xylo-render test --update' and commit it"]
      }
      return failureLines(verdict)
    }
  }

  /// The verdict, then which score lines changed, then how the audio differs, then the rest of
  /// the comparison's report and the artifacts.
  private func failureLines(_ verdict: GoldenVerdict) -> [String] {
    let report: [String]
    switch verdict {
    case .contentHash(let expected, let actual):
      report = ["different: the render's content hash is \(actual), the golden's \(expected)"]
    case .samples(let comparison):
      report = comparison.warnings.map { "  warning: " + $0 } + comparison.lines
    }
    var lines = Array(report.prefix(1))
    lines += manifestChanges.map { "  " + describe($0) }
    lines += describe(tapChanges).map { "  " + $0 }
    lines += explanation.map { "  " + $0 }
    lines += report.dropFirst()
    switch artifacts {
    case .written(let paths)?:
      lines.append("  artifacts: " + paths.map { "'\($0)'" }.joined(separator: ", "))
    case .failed(let reason)?: lines.append("  " + reason)
    case nil: break
    }
    return lines
  }

  /// `alarm.xylo:2: E moved 0.240000 s → 0.250000 s (+480 frames)`, `gain 1 → 0.944 (-0.50
  /// dB)`, `key C → D`, taps added or removed: at most `limit` lines, then how many more.
  public func describe(_ changes: [TapChange], limit: Int = 20) -> [String] {
    let name = Path.lastComponent(test.score)
    func time(_ frame: Int64) -> String { timeText(frame, over: Int64(self.rate)) }
    let lines = changes.map { change -> String in
      let tap = change.tap
      let place = "\(name):\(linesAreTracks ? "track " : "")\(tap.line):"
      switch change.kind {
      case .keyChanged(let from): return "\(place) key \(from) → \(tap.key) at \(time(tap.frame))"
      case .moved(let from):
        let shift = tap.frame - from
        return
          "\(place) \(tap.key) moved \(time(from)) → \(time(tap.frame)) (\(shift > 0 ? "+" : "")\(shift) frames)"
      case .gainChanged(let from):
        let change = from > 0 && tap.gain > 0 ? Decibels.of(tap.gain / from) : -.infinity
        return
          "\(place) \(tap.key) at \(time(tap.frame)) gain \(shortNumber(from)) → \(shortNumber(tap.gain)) (\(fixed(change, places: 2, signed: true)) dB)"
      case .removed: return "\(place) \(tap.key) at \(time(tap.frame)) removed"
      case .added: return "\(place) \(tap.key) at \(time(tap.frame)) added"
      }
    }
    guard lines.count > limit else { return lines }
    return Array(lines.prefix(limit)) + ["... and \(lines.count - limit) more changes"]
  }
}

/// A render error as the lines a test report shows: every diagnostic of a score, or one line.
func errorLines(_ error: RenderError) -> [String] {
  guard case .score(let path, let diagnostics, _) = error else { return [error.description] }
  return diagnostics.map { $0.headline(path: path) }
}

/// A gain to three decimals without trailing zeros: `1`, `0.944`.
func shortNumber(_ value: Double) -> String {
  var text = fixed(value, places: 3)
  while text.contains(".") && (text.hasSuffix("0") || text.hasSuffix(".")) { text.removeLast() }
  return text
}
