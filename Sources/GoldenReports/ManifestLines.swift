import GoldenTesting
import Platform

extension GoldenTestResult {
  /// One line for a change the manifests show: `tempo 120 → 126 from line 3: 41 taps after it
  /// moved proportionally`, `the bank's E sample changed (hash 1a2b3c4d → 5e6f7a8b); no tap
  /// moved`, `setting rate: 48000 → 44100`, `tool version 0.1.0 → 0.2.0`.
  public func describe(_ change: ManifestChange) -> String {
    switch change {
    case .setting(let name, let from, let to):
      return "setting \(name): \(from) → \(to)"
    case .tempo(let shift):
      let place =
        shift.line.map { "\(linesAreTracks ? "track" : "line") \($0)" }
        ?? timeText(shift.frame, over: Int64(rate))
      var text =
        "tempo \(shift.fromBPM) → \(shift.toBPM) from \(place): \(taps(shift.proportionalTaps)) after it moved proportionally"
      if shift.shiftedTaps > 0, let frames = shift.shiftFrames {
        text +=
          "; \(taps(shift.shiftedTaps)) after the next tempo moved by \(frames > 0 ? "+" : "")\(frames) frames"
      }
      return text
    case .sample(let key, let layer, let fromHash, let toHash, let moved):
      let strike = layer == 0 ? "" : " (strike layer \(layer))"
      let taps: String =
        switch moved {
        case 0?: "; no tap moved"
        case let count?: "; \(self.taps(count)) moved"
        case nil: ""
        }
      return
        "the bank's \(key) sample\(strike) changed (hash \(fromHash.prefix(8)) → \(toHash.prefix(8)))\(taps)"
    case .toolVersion(let from, let to):
      return "tool version \(from) → \(to)"
    }
  }

  private func taps(_ count: Int) -> String { count == 1 ? "1 tap" : "\(count) taps" }
}
