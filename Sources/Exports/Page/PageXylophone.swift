import Drawing

/// A shape the page may draw the xylophone in: the places the video draws on a picture of
/// `width` × `height` pixels, cut to the box its bars' touch areas and shadows take.
struct XylophoneShape {
  /// A rectangle in the picture's pixels.
  struct Box {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    func union(_ other: Box) -> Box {
      let (left, top) = (min(x, other.x), min(y, other.y))
      let right = max(x + width, other.x + other.width)
      let bottom = max(y + height, other.y + other.height)
      return Box(x: left, y: top, width: right - left, height: bottom - top)
    }
  }

  var width: Int
  var height: Int
  var places: InstrumentPlaces
  /// Each bar, and its touch area: the bar widened along its row to all of its room
  /// (`KeyboardLook.xylophoneBarGap`), so that neighbours' areas meet and none overlap.
  var bars: [Box]
  var targets: [Box]
  /// The part of the picture the page shows.
  var frame: Box

  /// The picture sizes tried, from tallest to widest: turned a quarter on a picture taller
  /// than wide, as the video turns it, upright on one at least as wide as tall.
  static let sizes = [
    (900, 2_000), (900, 1_600), (900, 1_200), (1_000, 1_000), (1_200, 900), (1_600, 900),
    (1_920, 800), (2_400, 800), (3_200, 800),
  ]

  init(keys: [DrawnKey], width: Int, height: Int) {
    self.width = width
    self.height = height
    let (across, down) = (Double(width), Double(height))
    places = KeyboardLook.places(of: keys, arrangement: .xylophone, width: width, height: height)
    bars = places.bars.map {
      Box(x: $0.x * across, y: $0.y * down, width: $0.width * across, height: $0.height * down)
    }
    let turned = height > width
    let room = 1 / (1 - KeyboardLook.xylophoneBarGap)
    targets = bars.map { bar in
      var target = bar
      if turned {
        target.height = bar.height * room
        target.y -= (target.height - bar.height) / 2
      } else {
        target.width = bar.width * room
        target.x -= (target.width - bar.width) / 2
      }
      return target
    }
    var frame = targets.first ?? Box(x: 0, y: 0, width: across, height: down)
    for (index, bar) in bars.enumerated() {
      frame = frame.union(targets[index])
      frame = frame.union(
        Box(
          x: bar.x, y: bar.y + places.shadowDrops[index] * down, width: bar.width,
          height: bar.height))
    }
    // The rails end where the first and last bars' areas do; their round caps are cut there.
    self.frame = frame
  }

  var name: String { "shape-\(width)x\(height)" }
  var turned: Bool { height > width }

  /// The smallest side of a touch area, in the picture's pixels.
  var smallestTarget: Double {
    targets.map { min($0.width, $0.height) }.min() ?? 0
  }

  /// How large the smallest touch area comes out on a keyboard `aspect` times as wide as tall,
  /// in the keyboard's heights, and how much of the keyboard the shape fills.
  func fit(aspect: Double) -> (target: Double, filled: Double) {
    let scale = min(aspect / frame.width, 1 / frame.height)
    return (smallestTarget * scale, frame.width * frame.height * scale * scale / aspect)
  }
}

/// The shapes a page draws `keys` in, each with the smallest aspect ratio of the keyboard
/// (thousandths of its width over its height) it is drawn from; `nil` for the first. At each
/// aspect the shape whose smallest touch area comes out largest wins; of those within 3% of
/// it, the one that fills most of the keyboard.
func xylophoneShapes(_ keys: [DrawnKey]) -> [(from: Int?, shape: XylophoneShape)] {
  let shapes = XylophoneShape.sizes.map { XylophoneShape(keys: keys, width: $0.0, height: $0.1) }
  var chosen: [(from: Int?, shape: XylophoneShape)] = []
  var last = -1
  // Aspects from 1:4 to 9:1, 2% apart.
  var aspect = 0.25
  while aspect < 9 {
    defer { aspect *= 1.02 }
    let fits = shapes.map { $0.fit(aspect: aspect) }
    let best = fits.map(\.target).max() ?? 0
    let good = fits.indices.filter { fits[$0].target >= 0.97 * best }
    guard let winner = good.max(by: { fits[$0].filled < fits[$1].filled }), winner != last
    else { continue }
    chosen.append((chosen.isEmpty ? nil : Int((aspect * 1_000).rounded()), shapes[winner]))
    last = winner
  }
  return chosen
}

/// The xylophone's style: each key a touch area over its bar, drawn by its `::before` with
/// the bar's shadow and corners, and its label; at each of `xylophoneShapes`, chosen by the
/// keyboard's aspect (container queries; the last that holds wins), a stage of that shape as
/// large as the keyboard holds, each key placed on it in percent, its corners, shadow and
/// label in the stage's height (a label at most 40 pixels: a few keys make no giant letters).
func xylophoneStyle(_ keys: [DrawnKey]) -> String {
  let chosen = xylophoneShapes(keys)
  let inset = cssNumber(100 * KeyboardLook.xylophoneBarGap / 2)
  var style = """
    .keyboard { position: relative; container: keyboard / size; }
    .stage { position: absolute; inset: 0; margin: auto; container-type: size; }
    .stage .key { position: absolute; z-index: 0; background: none; \
    border-radius: calc(var(--corner) * 100cqh); \
    font-size: min(calc(var(--label) * 100cqh), 2.5rem); }
    .stage .key::before { content: ""; position: absolute; z-index: -1; inset: var(--inset); \
    border-radius: inherit; background: var(--rest); \
    box-shadow: 0 calc(var(--drop) * 100cqh) 0 var(--bar-shadow); }
    .stage .key.dimmed { background: none; }
    .stage .key.dimmed::before { background: var(--dim); }
    .rails { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; \
    display: none; }

    """
  let names = Set(chosen.map(\.shape.name)).sorted()
  for (from, shape) in chosen {
    let frame = shape.frame
    let ratio = frame.width / frame.height
    let down = Double(shape.height) / frame.height
    // Each bar's corners, shadow and label in the stage's height: once for the shape where
    // every bar has the same (the xylophone's bars are all as wide, their labels one size).
    let sizes = [
      ("--corner", shape.places.cornerRadii), ("--drop", shape.places.shadowDrops),
      ("--label", shape.places.labelSizes),
    ].map { name, values in (name, values.map { cssNumber($0 * down) }) }
    let shared = sizes.filter { Set($0.1).count == 1 }.map { " \($0.0): \($0.1[0]);" }.joined()
    let own = sizes.filter { Set($0.1).count > 1 }
    var rules = """
      .stage { width: min(100cqw, calc(100cqh * \(cssNumber(ratio)))); \
      height: min(100cqh, calc(100cqw / \(cssNumber(ratio)))); }
      .stage .key { --inset: \(shape.turned ? "\(inset)% 0" : "0 \(inset)%");\(shared) }
      \(names.map { ".rails.\($0) { display: \($0 == shape.name ? "block" : "none"); }" }.joined(separator: " "))

      """
    for (index, target) in shape.targets.enumerated() {
      rules += """
        .k\(index) { left: \(cssNumber(100 * (target.x - frame.x) / frame.width))%; \
        top: \(cssNumber(100 * (target.y - frame.y) / frame.height))%; \
        width: \(cssNumber(100 * target.width / frame.width))%; \
        height: \(cssNumber(100 * target.height / frame.height))%;\(own.map { " \($0.0): \($0.1[index]);" }.joined()) }

        """
    }
    style +=
      from.map { "@container keyboard (min-aspect-ratio: \($0) / 1000) {\n\(rules)}\n" } ?? rules
  }
  return style
}

/// The rails of the xylophone at each of `xylophoneShapes`, as SVG lines over the stage, masked
/// where the bars are: as the video draws them, only outside the bars.
func xylophoneRails(_ keys: [DrawnKey]) -> String {
  let rail = KeyboardLook.railColour
  var drawn: Set<String> = []
  return xylophoneShapes(keys).compactMap { _, shape -> String? in
    guard drawn.insert(shape.name).inserted else { return nil }
    let (width, height) = (Double(shape.width), Double(shape.height))
    let frame = shape.frame
    let lines = shape.places.rails.map { line in
      let points = line.map { "\(cssNumber($0.x * width)),\(cssNumber($0.y * height))" }
      return "<polyline points=\"\(points.joined(separator: " "))\"/>"
    }
    let holes = zip(shape.bars, shape.places.cornerRadii).map { bar, radius in
      "<rect x=\"\(cssNumber(bar.x))\" y=\"\(cssNumber(bar.y))\" width=\"\(cssNumber(bar.width))\" height=\"\(cssNumber(bar.height))\" rx=\"\(cssNumber(radius * height))\"/>"
    }
    let box = [frame.x, frame.y, frame.width, frame.height].map(cssNumber).joined(separator: " ")
    return """
      <svg class="rails \(shape.name)" viewBox="\(box)" \
      preserveAspectRatio="none" aria-hidden="true"><mask id="outside-\(shape.name)">\
      <rect x="\(cssNumber(frame.x))" y="\(cssNumber(frame.y))" width="\(cssNumber(frame.width))" height="\(cssNumber(frame.height))" fill="#FFFFFF"/>\
      <g fill="#000000">\(holes.joined())</g></mask>\
      <g mask="url(#outside-\(shape.name))" fill="none" stroke="\(KeyboardLook.cssHex(rail.colour))" \
      stroke-opacity="\(cssNumber(rail.alpha))" stroke-width="\(cssNumber(shape.places.railWidth * height))" \
      stroke-linejoin="round" stroke-linecap="round">\(lines.joined())</g></svg>
      """
  }.joined(separator: "\n")
}
