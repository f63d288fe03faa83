import GoldenTesting
import Platform
import ScoreParser

/// One failing test: its players on one transport, the picture, the console's lines, the
/// changed taps and the command that approves it.
func failureSection(
  _ result: GoldenTestResult, id: String, media: inout MediaEmbedder, updateArguments: [String]
) -> String {
  let label =
    switch result.outcome {
    case .error: "ERROR"
    case .obsolete: "OBSOLETE"
    default: "FAILED"
    }
  var html = "<section class=\"failure\" id=\"\(id)\" tabindex=\"-1\">\n"
  html +=
    "<h2><span class=\"outcome \(result.outcome.rawValue)\">\(label)</span> <span class=\"path\">\(htmlText(displayName(of: result)))</span></h2>\n"
  if let kept = result.media {
    html += players(kept, media: &media)
    html += picture(kept, media: &media)
  }
  let lines = result.lines.map { htmlText($0) }.joined(separator: "\n")
  if !lines.isEmpty { html += "<pre class=\"lines\">\(lines)</pre>\n" }
  html += tapTable(result)
  if result.outcome == .failed && !result.test.score.isEmpty {
    html += approval(result.test.score, updateArguments: updateArguments)
  }
  return html + "</section>\n"
}

/// The expected, actual and difference audio under one transport: one position, one play
/// button, and a choice of what sounds.
private func players(_ kept: GoldenMedia, media: inout MediaEmbedder) -> String {
  let files: [(String, String, MediaFile?)] = [
    ("expected", "A · expected", kept.expected), ("actual", "B · actual", kept.actual),
    ("difference", "D · difference", kept.difference),
  ]
  guard files.contains(where: { $0.2 != nil }) else { return "" }
  let longest = files.compactMap { $0.2?.seconds }.max() ?? 0
  var audio = ""
  var buttons = ""
  var notes: [String] = []
  for (source, title, file) in files {
    var embedded = false
    if let file {
      switch media.embed(file) {
      case .dataURL(let url):
        audio +=
          "<audio data-source=\"\(source)\" data-frames=\"\(file.frameCount)\" data-rate=\"\(file.sampleRate)\" preload=\"auto\" src=\"\(url)\"></audio>\n"
        embedded = true
      case .leftOut(let reason): notes.append("The \(source) audio \(reason).")
      }
    } else if let note = missingNote(source, kept: kept) {
      notes.append(note)
    }
    buttons +=
      "<button type=\"button\" class=\"source\" data-source=\"\(source)\" aria-pressed=\"false\"\(embedded ? "" : " disabled")>\(title)</button>"
  }
  var html = "<div class=\"player\">\n<div class=\"transport\">"
  html += "<button type=\"button\" class=\"play\" aria-pressed=\"false\">Play</button>"
  html += "<span class=\"sources\" role=\"group\" aria-label=\"What sounds\">\(buttons)</span>"
  html +=
    "<input type=\"range\" class=\"seek\" aria-label=\"Position\" min=\"0\" max=\"\(fixed(longest, places: 6))\" step=\"any\" value=\"0\">"
  html += "<span class=\"clock\">0.000 s</span><span class=\"status\" role=\"status\"></span>"
  html += "</div>\n" + audio
  if let frame = kept.firstDifferenceFrame {
    let time = Double(frame) / Double(max(kept.rate, 1))
    html +=
      "<p class=\"first\">First difference at \(secondsText(frame, rate: kept.rate)) <button type=\"button\" class=\"listen\" data-seconds=\"\(fixed(max(0, time - listenLeadIn), places: 6))\">listen from here</button></p>\n"
  }
  for note in notes { html += "<p class=\"note\">\(htmlText(note))</p>\n" }
  return html + "</div>\n"
}

/// Why a player has no audio of this kind; `nil` when another note says it.
private func missingNote(_ source: String, kept: GoldenMedia) -> String? {
  switch source {
  case "expected":
    "No expected audio: the golden is missing (--update writes the actual render) or holds only a content hash."
  case "actual": "No actual audio: the render cannot be read."
  default:
    kept.expected == nil || kept.actual == nil
      ? nil
      : "No difference: the golden and the render differ in rate or channels, or are too long."
  }
}

/// The failure picture with a playhead over its time axis; a click there moves the position.
private func picture(_ kept: GoldenMedia, media: inout MediaEmbedder) -> String {
  guard let file = kept.picture, let span = kept.pictureSpan else { return "" }
  switch media.embed(file) {
  case .leftOut(let reason): return "<p class=\"note\">\(htmlText("The picture \(reason)."))</p>\n"
  case .dataURL(let url):
    let place = [
      ("width", "\(span.width)"), ("height", "\(span.height)"),
      ("left", fixed(span.left, places: 2)),
      ("right", fixed(span.right, places: 2)), ("top", fixed(span.top, places: 2)),
      ("bottom", fixed(span.bottom, places: 2)), ("seconds", fixed(span.seconds, places: 6)),
    ].map { " data-\($0.0)=\"\($0.1)\"" }.joined()
    return
      "<figure class=\"picture\"\(place)><img src=\"\(url)\" width=\"\(span.width)\" height=\"\(span.height)\" alt=\"The expected, actual and difference waveforms and the difference's spectrogram, the first difference marked\"><div class=\"playhead\"></div></figure>\n"
  }
}

/// The command that accepts the render as the new golden, with a copy button.
private func approval(_ score: String, updateArguments: [String]) -> String {
  let command = approveCommand(score: score, updateArguments: updateArguments)
  let text = htmlText(command)
  return
    "<div class=\"approve\"><span>Approve:</span> <code class=\"command\">\(text)</code> <button type=\"button\" class=\"copy\" data-command=\"\(text)\">Copy</button><span class=\"copied\" role=\"status\"></span></div>\n"
}

/// `xylo-render test --update scores/alarm.xylo`, each word quoted for a shell as needed, a
/// path that starts with `-` made relative (`./-x.xylo`) so it reads as no option.
public func approveCommand(score: String, updateArguments: [String] = []) -> String {
  let path = score.hasPrefix("-") ? "./" + score : score
  return (["xylo-render", "test", "--update"] + updateArguments + [path]).map(shellQuoted)
    .joined(separator: " ")
}

/// Seconds a "listen from here" starts before the place it names, to hear it arrive.
let listenLeadIn = 0.25

/// `1.500000 s`: a frame's time, exact to the microsecond.
func secondsText(_ frame: Int64, rate: Int) -> String {
  (Rational(frame, Int64(max(rate, 1)))?.decimalString(places: 6) ?? "?") + " s"
}
