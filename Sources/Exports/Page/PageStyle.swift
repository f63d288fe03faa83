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
/// proportion to its thickness, and one per gap; each bar as long as the video draws it. On a
/// keyboard too low for bars of `leastTouchSize` pixels (a phone held
/// sideways), two columns: the lower half of the keys on the left.
private func buttonsStyle(_ keys: [DrawnKey]) -> String {
  let shapes = KeyboardLook.buttonShapes(of: keys)
  let gap = KeyboardLook.buttonGap
  /// The grid's rows for rows of bars this thick, and its height in naturals' thicknesses.
  func grid(_ thicknesses: [Double]) -> (rows: String, units: Double) {
    let rows = thicknesses.map { "minmax(0, \(cssNumber($0))fr)" }
    let units = thicknesses.reduce(0, +) + gap * Double(max(0, thicknesses.count - 1))
    return (rows.joined(separator: " minmax(0, \(cssNumber(gap))fr) "), units)
  }
  let single = grid(shapes.map(\.thickness))
  let half = (shapes.count + 1) / 2
  let rowThickness = (0..<half).map { row in
    max(shapes[row].thickness, row + half < shapes.count ? shapes[row + half].thickness : 0)
  }
  let double = grid(rowThickness)
  var style = """
    .keyboard { container: keyboard / size; display: flex; align-items: center; }
    .bars { display: grid; width: 100%; height: 100%; grid-template-columns: 100%; \
    grid-template-rows: \(single.rows); max-height: calc(\(cssNumber(single.units)) * 100px); }
    .slot { container-type: size; display: flex; justify-content: center; align-items: center; \
    min-height: 0; }
    .slot .key { width: var(--length); height: var(--fill, 100%); \
    border-radius: calc(\(cssNumber(KeyboardLook.cornerRadius)) * 100cqh); \
    font-size: calc(var(--label) * 100cqh); }

    """
  var columns = """
    .bars { grid-template-columns: 1fr 1fr; column-gap: 4%; grid-template-rows: \(double.rows); \
    max-height: calc(\(cssNumber(double.units)) * 100px); }

    """
  for (index, shape) in shapes.enumerated() {
    style += """
      .k\(index) { grid-row: \(2 * index + 1); --length: \(cssNumber(100 * shape.length))%; \
      --label: \(cssNumber(shape.labelSize / shape.thickness)); }

      """
    let (row, column) = (index % half, index / half)
    let thickest = rowThickness[row]
    columns += """
      .k\(index) { grid-row: \(2 * row + 1); grid-column: \(column + 1); \
      --fill: \(cssNumber(100 * shape.thickness / thickest))%; \
      --label: \(cssNumber(shape.labelSize / thickest)); }

      """
  }
  guard shapes.count > 1 else { return style }
  let least = cssNumber(single.units * leastTouchSize)
  return style + "@container keyboard (max-height: \(least)px) {\n\(columns)}\n"
}

/// The least side of a key's touch area the page lays out for, in CSS pixels: WCAG 2.2's
/// enhanced target size.
let leastTouchSize = 44.0

/// `rgba(229, 57, 53, 0.7)`: a colour written `0xRRGGBB` at an alpha, as CSS computes it.
private func rgba(_ colour: UInt32, _ alpha: Double) -> String {
  "rgba(\(colour >> 16 & 0xFF), \(colour >> 8 & 0xFF), \(colour & 0xFF), \(cssNumber(alpha)))"
}

/// A number for CSS: at most four decimals, no trailing zeros.
func cssNumber(_ value: Double) -> String {
  let scaled = (value * 10_000).rounded()
  let whole = Int64(scaled) / 10_000
  var fraction = String(abs(Int64(scaled)) % 10_000)
  fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
  while fraction.hasSuffix("0") { fraction.removeLast() }
  let sign = scaled < 0 && whole == 0 ? "-" : ""
  return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
}
