import AudioBasics
import GoldenTesting
import Platform

/// The taps that changed since the golden was recorded, one row each: the score line (or
/// track), the key, the time in the golden and in the render, the gain, the change, and a
/// button that plays from just before it.
func tapTable(_ result: GoldenTestResult, limit: Int = 500) -> String {
  guard !result.tapChanges.isEmpty else { return "" }
  let place = result.linesAreTracks ? "track" : "line"
  var html = "<table class=\"taps\">\n<thead><tr>"
  html += "<th class=\"number\">\(place)</th><th>key</th>"
  html += "<th class=\"number\">expected time</th><th class=\"number\">actual time</th>"
  html += "<th class=\"number\">gain</th><th>change</th><th></th></tr></thead>\n<tbody>\n"
  for change in result.tapChanges.prefix(limit) {
    let row = TapRow(change, rate: result.rate)
    let cells = [
      ("number", "\(change.tap.line)"), ("", row.key), ("number", row.expectedTime ?? "—"),
      ("number", row.actualTime ?? "—"), ("number", row.gain), ("", row.change),
    ]
    html += "<tr data-line=\"\(change.tap.line)\">"
    html += cells.map { "<td\($0.0.isEmpty ? "" : " class=\"\($0.0)\"")>\(htmlText($0.1))</td>" }
      .joined()
    html +=
      "<td><button type=\"button\" class=\"listen\" data-seconds=\"\(fixed(row.listenFrom, places: 6))\">listen from here</button></td></tr>\n"
  }
  html += "</tbody>\n</table>\n"
  if result.tapChanges.count > limit {
    html += "<p class=\"note\">… and \(result.tapChanges.count - limit) more changed taps.</p>\n"
  }
  return html
}

/// A changed tap as the table shows it.
private struct TapRow {
  var key: String
  var expectedTime: String?
  var actualTime: String?
  var gain: String
  var change: String
  /// Where "listen from here" starts, in seconds.
  var listenFrom: Double

  init(_ change: TapChange, rate: Int) {
    let tap = change.tap
    let now = secondsText(tap.frame, rate: rate)
    key = tap.key
    expectedTime = now
    actualTime = now
    gain = shortNumber(tap.gain)
    var earliest = tap.frame
    switch change.kind {
    case .keyChanged(let from):
      key = "\(from) → \(tap.key)"
      self.change = "key changed"
    case .moved(let from):
      expectedTime = secondsText(from, rate: rate)
      earliest = min(from, tap.frame)
      let shift = tap.frame - from
      let milliseconds = Double(shift) * 1000 / Double(max(rate, 1))
      self.change =
        "moved \(shift > 0 ? "+" : "")\(shift) frames (\(fixed(milliseconds, places: 3, signed: true)) ms)"
    case .gainChanged(let from):
      gain = "\(shortNumber(from)) → \(shortNumber(tap.gain))"
      let decibels = from > 0 && tap.gain > 0 ? Decibels.of(tap.gain / from) : -.infinity
      self.change = "gain \(fixed(decibels, places: 2, signed: true)) dB"
    case .removed:
      actualTime = nil
      self.change = "removed"
    case .added:
      expectedTime = nil
      self.change = "added"
    }
    listenFrom = max(0, Double(earliest) / Double(max(rate, 1)) - listenLeadIn)
  }
}
