import AudioDigest
import Drawing
import Platform

/// What a page shows and plays, ready to be written as HTML.
struct PageContent {
  var title: String
  var artist: String?
  var keys: [PageKey]
  var arrangement: KeyArrangement
  var showsLabels: Bool
  /// The song's AAC file (MP4), as embedded.
  var song: [UInt8]
  var rate: Int
  var channels: Int
  var frameCount: Int64
  /// Each of the song's taps that strikes a bar: its frame and the bar's index, in render order.
  var taps: [(frame: Int64, key: Int)]
  /// The tapped score's first lines, with the keys as the app plays them and polyphonic.
  var scoreHeaders: (app: String, polyphonic: String)
  /// A name for the files the page makes (`Twinkle Twinkle tapped.wav`).
  var fileName: String
}

/// The page: one HTML file holding the keyboard, the song as AAC and each key's sample as FLAC
/// (`data:` URLs and Base64 in its JSON), its style and its script. Its Content-Security-Policy
/// lets it load nothing and run only its own script and style, allowed by their hashes.
func pageDocument(_ content: PageContent) -> String {
  let style = pageStyle(keys: content.keys, arrangement: content.arrangement)
  let policy = [
    "default-src 'none'", "media-src data:", "script-src \(cspHash(pageScript))",
    "style-src \(cspHash(style))", "img-src data:", "base-uri 'none'", "form-action 'none'",
  ].joined(separator: "; ")
  let title = htmlText(content.title)
  var html = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="\(policy)">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="generator" content="xylo-render page">
    <meta name="theme-color" content="\(KeyboardLook.cssHex(KeyboardLook.backgroundGradient.top))">
    <title>\(title)</title>
    <link rel="icon" href="data:,">
    <style>\(style)</style>
    </head>
    <body>
    <header class="heading"><h1>\(title)</h1>
    """
  if let artist = content.artist { html += "<p class=\"artist\">\(htmlText(artist))</p>" }
  html += "</header>\n" + keyboard(content) + controls(content) + "\n"
  html +=
    "<audio class=\"song\" preload=\"auto\" src=\"data:audio/mp4;base64,\(base64(content.song))\"></audio>\n"
  html += "<script type=\"application/json\" id=\"page-data\">\(pageData(content))</script>\n"
  return html + "<script>\(pageScript)</script>\n</body>\n</html>\n"
}

/// The keys: the app's buttons, each in a slot of the grid, or a xylophone's bars on a stage
/// over their rails.
private func keyboard(_ content: PageContent) -> String {
  func key(_ index: Int, _ key: PageKey, classes: String) -> String {
    let label = htmlText(key.drawn.title)
    let shortcuts = key.shortcuts.joined(separator: " ")
    return
      "<button type=\"button\" class=\"\(classes)\" data-key=\"\(index)\" aria-label=\"\(label)\" aria-keyshortcuts=\"\(shortcuts)\">\(content.showsLabels ? label : "")</button>"
  }
  switch content.arrangement {
  case .buttons:
    let slots = content.keys.enumerated().map { index, page in
      "<div class=\"slot k\(index)\">\(key(index, page, classes: "key"))</div>\n"
    }
    return
      "<main class=\"keyboard buttons\" aria-label=\"Keys\"><div class=\"bars\">\n\(slots.joined())</div></main>\n"
  case .xylophone:
    let bars = content.keys.enumerated().map { index, page in
      key(index, page, classes: "key k\(index)") + "\n"
    }
    return """
      <main class="keyboard xylophone" aria-label="Keys"><div class="stage">
      \(xylophoneRails(content.keys.map(\.drawn)))
      \(bars.joined())</div></main>

      """
  }
}

/// The transport, the tap-along panel, the tapped score and the keys' hint.
private func controls(_ content: PageContent) -> String {
  func icon(_ path: String, _ name: String) -> String {
    "<svg class=\"\(name)\" viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"\(path)\"/></svg>"
  }
  let speeds = [0.5, 0.75, 1, 1.25, 1.5, 2].map { speed in
    let text = speed == speed.rounded() ? String(Int(speed)) : String(speed)
    return "<option value=\"\(text)\"\(speed == 1 ? " selected" : "")>\(text)×</option>"
  }
  let seconds = Double(content.frameCount) / Double(content.rate)
  let digits = content.keys.indices.prefix(9)
  let letters = content.keys.flatMap { $0.shortcuts.filter { Int($0) == nil } }
  var hint = "Keys: "
  if let last = digits.last { hint += "<kbd>1</kbd>–<kbd>\(last + 1)</kbd>" }
  if !letters.isEmpty {
    hint += " or " + letters.map { "<kbd>\(htmlText($0))</kbd>" }.joined(separator: " ")
  }
  hint += " play a key · <kbd>Space</kbd> plays the song · <kbd>R</kbd> records"
  // A control's words hide on a small screen, where its icon and its name (`title`) remain.
  func words(_ text: String) -> String { "<span class=\"label\">\(text)</span>" }
  return """
    <footer class="controls">
    <div class="panel transport">
    <button type="button" class="control play" aria-label="Play" aria-pressed="false">\
    \(icon("M8 5.5v13a1 1 0 0 0 1.5.9l10.2-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5z", "start"))\
    \(icon("M7 5h3.5v14H7zM13.5 5H17v14h-3.5z", "pause"))</button>
    <input type="range" class="seek" min="0" max="\(jsonNumber(seconds))" step="any" value="0" aria-label="Position">
    <span class="clock">0:00.0</span>
    <button type="button" class="control loop" aria-pressed="false" title="Loop">\
    \(icon(controlIcons.loop, "icon"))\(words("Loop"))</button>
    <select class="control speed" aria-label="Speed" title="Speed">\(speeds.joined())</select>
    </div>
    <div class="panel tapalong">
    <button type="button" class="control record" aria-pressed="false" title="Record (R)"><span class="dot"></span>\(words("Record"))</button>
    <button type="button" class="control polyphony" aria-pressed="false" title="Polyphony: let sounds ring on; the app stops each sound at the next tap">\
    \(icon(controlIcons.polyphony, "icon"))\(words("Polyphony"))</button>
    <span class="status" role="status"></span><span class="count">No taps yet</span>
    <button type="button" class="control copy" title="Copy score" disabled>\
    \(icon(controlIcons.copy, "icon"))\(words("Copy score"))</button>
    <button type="button" class="control download" title="Download WAV" disabled>\
    \(icon(controlIcons.download, "icon"))\(words("Download WAV"))</button>
    <button type="button" class="control clear" title="Clear" disabled>\
    \(icon(controlIcons.clear, "icon"))\(words("Clear"))</button>
    <details class="score"><summary class="control" title="Score of the taps">\
    \(icon(controlIcons.score, "icon"))\(words("Score"))</summary><pre class="score-text"></pre></details>
    </div>
    <p class="hint">\(hint)</p>
    </footer>
    """
}

/// The controls' icons: SVG paths in a 24 × 24 box.
private let controlIcons = (
  loop: "M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2z",
  polyphony: "M9 4v10.3A3 3 0 1 0 11 17V8h8v6.3A3 3 0 1 0 21 17V4z",
  copy: "M16 1H4a2 2 0 0 0-2 2v14h2V3h12zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7"
    + "a2 2 0 0 0-2-2zm0 16H8V7h11z",
  download: "M19 9h-4V3H9v6H5l7 7zM5 18v2h14v-2z",
  clear:
    "M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z",
  score:
    "M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zm2 16H8v-2h8zm0-4H8v-2h8zm-3-5V3.5"
    + "L18.5 9z"
)

/// What the script reads: the rate, the song's length and taps, the keys with their samples
/// and levels, and the tapped score's header. `<` is escaped, so the text cannot end its
/// `<script>` element.
private func pageData(_ content: PageContent) -> String {
  let keys = content.keys.enumerated().map { index, key in
    JSONValue.object([
      "title": .string(key.drawn.title),
      "plays": key.plays.map { .string($0) } ?? .null,
      "level": .number(key.level),
      "tapGain": .number(key.tapGain),
      "sample": key.flac == nil ? .null : .number(index),
      "shortcuts": .array(key.shortcuts.map { .string($0) }),
    ])
  }
  let value = JSONValue.object([
    "rate": .number(content.rate),
    "channels": .number(content.channels),
    "frames": .number(content.frameCount),
    "dim": .array([
      .number(KeyboardLook.dimSeconds.numerator), .number(KeyboardLook.dimSeconds.denominator),
    ]),
    "keys": .array(keys),
    "samples": .array(content.keys.map { $0.flac.map { .string(base64($0)) } ?? .null }),
    "taps": .array(content.taps.map { .array([.number($0.frame), .number($0.key)]) }),
    "score": .object([
      "app": .string(content.scoreHeaders.app),
      "polyphonic": .string(content.scoreHeaders.polyphonic),
    ]),
    "name": .string(content.fileName),
  ])
  return escaped(value.text.dropLast().description) { $0 == "<" ? "\\u003c" : nil }
}
