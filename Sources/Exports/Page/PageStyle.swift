import Drawing

/// The page's one style sheet: the look's facts as custom properties and one rule a key, all
/// made from `KeyboardLook` (no colour is written here), the keys' layout (`buttonsStyle` or
/// `xylophoneStyle`), then `pageLayoutStyle`. System fonts only: nothing to fetch.
func pageStyle(keys: [PageKey], arrangement: KeyArrangement) -> String {
  let gradient = KeyboardLook.backgroundGradient
  let title = KeyboardLook.titleColour
  let shadow = KeyboardLook.titleShadow
  var style = """
    :root {
      --top: \(KeyboardLook.cssHex(gradient.top)); --bottom: \(KeyboardLook.cssHex(gradient.bottom));
      --title: \(rgba(title.colour, title.alpha)); --title-shadow: \(rgba(shadow.colour, shadow.alpha));
      --record: \(KeyboardLook.cssHex(KeyboardLook.keyColours[0]));
      --bar-shadow: \(rgba(KeyboardLook.barShadow.colour, KeyboardLook.barShadow.alpha));
      --font: "\(KeyboardLook.fontFamily)", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    }

    """
  for (index, key) in keys.enumerated() {
    let colours = KeyboardLook.coloursOverGradient(of: key.drawn)
    style += """
      .k\(index) { --rest: \(rgba(colours.key, colours.resting.alpha)); \
      --dim: \(rgba(colours.key, colours.dimmed.alpha)); \
      --label-rest: \(KeyboardLook.cssHex(colours.resting.label)); \
      --label-dim: \(KeyboardLook.cssHex(colours.dimmed.label)); }

      """
  }
  switch arrangement {
  case .buttons: style += buttonsStyle(keys.map(\.drawn))
  case .xylophone: style += xylophoneStyle(keys.map(\.drawn))
  }
  return style + pageLayoutStyle
}

/// The app's buttons stacked in a grid that fills the keyboard's height: a row per bar, in
/// proportion to its thickness, and one per gap; each bar as long as the video draws it.
private func buttonsStyle(_ keys: [DrawnKey]) -> String {
  let shapes = KeyboardLook.buttonShapes(of: keys)
  // The keyboard's height in naturals' thicknesses: the bars and the gaps between them.
  let units =
    shapes.reduce(0) { $0 + $1.thickness } + KeyboardLook.buttonGap * Double(max(0, keys.count - 1))
  var rows: [String] = []
  for (index, shape) in shapes.enumerated() {
    if index > 0 { rows.append("minmax(0, \(number(KeyboardLook.buttonGap))fr)") }
    rows.append("minmax(0, \(number(shape.thickness))fr)")
  }
  var style = """
    .keyboard { display: grid; grid-template-rows: \(rows.joined(separator: " ")); \
    min-height: calc(\(number(units)) * 46px); max-height: calc(\(number(units)) * 100px); }
    .slot { container-type: size; display: flex; justify-content: center; min-height: 0; }
    .slot .key { width: var(--length); height: 100%; \
    border-radius: calc(\(number(KeyboardLook.cornerRadius)) * 100cqh); \
    font-size: calc(var(--label) * 100cqh); }

    """
  for (index, shape) in shapes.enumerated() {
    style += """
      .k\(index) { grid-row: \(2 * index + 1); --length: \(number(100 * shape.length))%; \
      --label: \(number(shape.labelSize / shape.thickness)); }

      """
  }
  return style
}

/// The shapes the xylophone is drawn in, in picture pixels: turned a quarter (bars lying
/// across, lowest at the top) on a keyboard taller than wide, as the video's 9:16; upright on
/// one at least as wide as tall, as its 16:9; and at 12:5 on one more than twice as wide. Each
/// with the container query that chooses it (the last that holds wins).
let xylophoneShapes: [(name: String, width: Int, height: Int, query: String?)] = [
  ("tall", 900, 1_600, nil), ("wide", 1_600, 900, "(min-aspect-ratio: 1 / 1)"),
  ("widest", 1_920, 800, "(min-aspect-ratio: 2 / 1)"),
]

/// A xylophone of the song's range, as the video draws it at the one of `xylophoneShapes`
/// nearest the keyboard's: a stage of that shape as large as the keyboard holds, each bar
/// placed on it in percent, its corners, shadow and label in the stage's height.
private func xylophoneStyle(_ keys: [DrawnKey]) -> String {
  // The stage is sized from the keyboard's height (`cqh`), which Chromium takes as definite
  // only when the page's is: the body is the screen's height, not at least that.
  var style = """
    body { height: 100vh; height: 100dvh; }
    .keyboard { position: relative; container: keyboard / size; min-height: 260px; }
    .stage { position: absolute; inset: 0; margin: auto; container-type: size; }
    .stage .key { position: absolute; border-radius: calc(var(--corner) * 100cqh); \
    font-size: calc(var(--label) * 100cqh); \
    box-shadow: 0 calc(var(--drop) * 100cqh) 0 var(--bar-shadow); }
    .rails { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; \
    display: none; }

    """
  for (index, shape) in xylophoneShapes.enumerated() {
    let places = KeyboardLook.places(
      of: keys, arrangement: .xylophone, width: shape.width, height: shape.height)
    var rules = """
      .stage { width: min(100cqw, calc(100cqh * \(shape.width) / \(shape.height))); \
      height: min(100cqh, calc(100cqw * \(shape.height) / \(shape.width))); }
      .rails.\(shape.name) { display: block; }

      """
    if index > 0 { rules += ".rails.\(xylophoneShapes[index - 1].name) { display: none; }\n" }
    for (index, bar) in places.bars.enumerated() {
      rules += """
        .k\(index) { left: \(number(100 * bar.x))%; top: \(number(100 * bar.y))%; \
        width: \(number(100 * bar.width))%; height: \(number(100 * bar.height))%; \
        --corner: \(number(places.cornerRadii[index])); --drop: \(number(places.shadowDrops[index])); \
        --label: \(number(places.labelSizes[index])); }

        """
    }
    style += shape.query.map { "@container keyboard \($0) {\n\(rules)}\n" } ?? rules
  }
  return style
}

/// The rails of the xylophone at each of `xylophoneShapes`, as SVG lines over the stage, masked
/// where the bars are: as the video draws them, only outside the bars.
func xylophoneRails(_ keys: [DrawnKey]) -> String {
  let rail = KeyboardLook.railColour
  return xylophoneShapes.map { shape in
    let (width, height) = (Double(shape.width), Double(shape.height))
    let places = KeyboardLook.places(
      of: keys, arrangement: .xylophone, width: shape.width, height: shape.height)
    let lines = places.rails.map { line in
      let points = line.map { "\(number($0.x * width)),\(number($0.y * height))" }
      return "<polyline points=\"\(points.joined(separator: " "))\"/>"
    }
    let holes = zip(places.bars, places.cornerRadii).map { bar, radius in
      "<rect x=\"\(number(bar.x * width))\" y=\"\(number(bar.y * height))\" width=\"\(number(bar.width * width))\" height=\"\(number(bar.height * height))\" rx=\"\(number(radius * height))\"/>"
    }
    return """
      <svg class="rails \(shape.name)" viewBox="0 0 \(shape.width) \(shape.height)" \
      preserveAspectRatio="none" aria-hidden="true"><mask id="outside-\(shape.name)">\
      <rect width="\(shape.width)" height="\(shape.height)" fill="#FFFFFF"/>\
      <g fill="#000000">\(holes.joined())</g></mask>\
      <g mask="url(#outside-\(shape.name))" fill="none" stroke="\(KeyboardLook.cssHex(rail.colour))" \
      stroke-opacity="\(number(rail.alpha))" stroke-width="\(number(places.railWidth * height))" \
      stroke-linejoin="round" stroke-linecap="round">\(lines.joined())</g></svg>
      """
  }.joined(separator: "\n")
}

/// `rgba(229, 57, 53, 0.7)`: a colour written `0xRRGGBB` at an alpha, as CSS computes it.
private func rgba(_ colour: UInt32, _ alpha: Double) -> String {
  "rgba(\(colour >> 16 & 0xFF), \(colour >> 8 & 0xFF), \(colour & 0xFF), \(number(alpha)))"
}

/// A number for CSS: at most four decimals, no trailing zeros.
private func number(_ value: Double) -> String {
  let scaled = (value * 10_000).rounded()
  let whole = Int64(scaled) / 10_000
  var fraction = String(abs(Int64(scaled)) % 10_000)
  fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
  while fraction.hasSuffix("0") { fraction.removeLast() }
  let sign = scaled < 0 && whole == 0 ? "-" : ""
  return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
}

/// The layout: the title, the keyboard filling the height between it and the controls, and
/// the controls; on a phone held upright the controls wrap below the keys.
let pageLayoutStyle = """
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  html { background: var(--bottom); }
  body {
    margin: 0; min-height: 100vh; min-height: 100dvh; display: flex; flex-direction: column;
    align-items: center; color: #fff; font: 15px/1.4 var(--font);
    background: linear-gradient(var(--top), var(--bottom)) fixed;
    padding: max(14px, env(safe-area-inset-top)) 18px max(14px, env(safe-area-inset-bottom));
    -webkit-tap-highlight-color: transparent; -webkit-user-select: none; user-select: none;
  }
  header.heading { width: 100%; max-width: 1100px; text-align: center; margin: 0 0 14px; }
  h1 {
    margin: 0; font-size: clamp(1.3rem, 4.4vw, 2.3rem); font-weight: 700; color: var(--title);
    text-shadow: 0.042em 0.042em 0 var(--title-shadow); white-space: nowrap; overflow: hidden;
    text-overflow: ellipsis;
  }
  .artist { margin: 2px 0 0; color: rgba(255, 255, 255, 0.6); }
  .keyboard { flex: 1 1 auto; width: 100%; max-width: 1100px; touch-action: manipulation; }
  .key {
    margin: 0; padding: 0; border: 0; cursor: pointer; background: var(--rest);
    color: var(--label-rest); font-family: var(--font); font-weight: 700; line-height: 1;
    touch-action: manipulation; -webkit-user-select: none; user-select: none;
  }
  .key.dimmed { background: var(--dim); color: var(--label-dim); }
  .key:focus-visible { outline: 2px solid rgba(255, 255, 255, 0.85); outline-offset: 3px; }
  footer.controls { width: 100%; max-width: 1100px; margin-top: 16px; display: grid; gap: 10px; }
  .panel {
    display: flex; flex-wrap: wrap; align-items: center; gap: 8px 10px; padding: 10px 12px;
    border-radius: 18px; background: rgba(255, 255, 255, 0.06);
    border: 1px solid rgba(255, 255, 255, 0.1);
  }
  .control {
    display: inline-flex; align-items: center; justify-content: center; gap: 8px; height: 40px;
    padding: 0 15px; border-radius: 999px; border: 1px solid rgba(255, 255, 255, 0.16);
    background: rgba(255, 255, 255, 0.09); color: #fff; font: 600 0.95rem/1 var(--font);
    cursor: pointer; white-space: nowrap;
  }
  .control:hover { background: rgba(255, 255, 255, 0.15); }
  .control:focus-visible { outline: 2px solid rgba(255, 255, 255, 0.85); outline-offset: 2px; }
  .control[aria-pressed="true"] {
    background: rgba(255, 255, 255, 0.24); border-color: rgba(255, 255, 255, 0.55);
  }
  .control:disabled { opacity: 0.38; cursor: default; }
  .control svg { width: 20px; height: 20px; fill: currentColor; flex: none; }
  .play { width: 48px; height: 48px; padding: 0; border: 0; background: #fff; color: var(--bottom); }
  .play:hover { background: rgba(255, 255, 255, 0.85); }
  .play[aria-pressed="true"] { background: #fff; }
  .play svg { width: 24px; height: 24px; }
  .play .pause, .play[aria-pressed="true"] .start { display: none; }
  .play[aria-pressed="true"] .pause { display: block; }
  .seek { flex: 1 1 220px; min-width: 0; height: 28px; margin: 0; accent-color: #fff; cursor: pointer; }
  .clock {
    min-width: 10ch; text-align: center; color: rgba(255, 255, 255, 0.8);
    font-variant-numeric: tabular-nums;
  }
  select.control { appearance: none; -webkit-appearance: none; padding: 0 14px; text-align: center; }
  select.control option { color: #000; }
  .record .dot {
    width: 12px; height: 12px; border-radius: 50%; background: var(--record);
    box-shadow: 0 0 0 2px rgba(255, 255, 255, 0.25);
  }
  .record[aria-pressed="true"] {
    background: color-mix(in srgb, var(--record) 32%, transparent); border-color: var(--record);
  }
  .record[aria-pressed="true"] .dot { animation: pulse 0.9s ease-in-out infinite alternate; }
  @keyframes pulse { to { opacity: 0.35; } }
  @media (prefers-reduced-motion: reduce) { .record[aria-pressed="true"] .dot { animation: none; } }
  .count { color: rgba(255, 255, 255, 0.75); font-variant-numeric: tabular-nums; margin-right: auto; }
  .status { flex-basis: 100%; color: rgba(255, 255, 255, 0.7); font-size: 0.9rem; }
  .status:empty { display: none; }
  details.score { color: rgba(255, 255, 255, 0.75); }
  details.score summary { cursor: pointer; width: max-content; }
  details.score pre {
    margin: 8px 0 0; max-height: 12em; overflow: auto; padding: 10px 12px; border-radius: 10px;
    background: rgba(0, 0, 0, 0.3); font: 0.85rem/1.45 ui-monospace, "DejaVu Sans Mono", monospace;
    -webkit-user-select: text; user-select: text;
  }
  details.score pre:empty::before { content: "Record, then tap the keys along with the song."; }
  .hint { margin: 0; text-align: center; color: rgba(255, 255, 255, 0.45); font-size: 0.85rem; }
  kbd { font: inherit; padding: 0 0.3em; border: 1px solid rgba(255, 255, 255, 0.3); border-radius: 4px; }
  .offscreen { position: fixed; left: -10000px; top: 0; width: 1px; height: 1px; opacity: 0; }
  @media (hover: none) { .hint { display: none; } }
  @media (max-width: 600px) {
    body { padding: max(10px, env(safe-area-inset-top)) 10px max(10px, env(safe-area-inset-bottom)); }
    header.heading { margin-bottom: 10px; }
    footer.controls { margin-top: 12px; gap: 8px; }
    .panel { padding: 8px; gap: 8px; border-radius: 16px; }
    .transport .seek { order: 1; flex-basis: 100%; }
    .control { height: 38px; padding: 0 12px; font-size: 0.9rem; }
    .play { width: 44px; height: 44px; padding: 0; }
  }
  """
