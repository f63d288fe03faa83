/// A xylophone's bars in an area of the frame (`KeyArrangement.xylophone`): naturals side by
/// side in a front row, each sharp in a row behind, centred on the gap between its neighbouring
/// naturals; every bar as wide as the others and shorter by pitch, each row centred on its own
/// line, so the two rows taper like a real instrument's frame.
///
/// Worked out along the row (`along`, lowest first) and across it (`across`, from the front),
/// then placed upright (front at the bottom) or turned a quarter clockwise (front at the left).
struct XylophoneLayout: Equatable, Sendable {
  var bars: [Rect]
  var approach: [InstrumentLayout.Edge]
  var labelSize: Double
  var rails: [[Point]]

  /// The gap between neighbouring naturals, as a fraction of their spacing.
  static let barGap = 0.14
  /// The gap between the rows, as a fraction of the longest bar.
  static let rowGap = 0.08
  /// The longest bar's length is 3.2 to 8 times a bar's width.
  static let aspects = 3.2...8
  /// Where a bar rests on its rails: its nodes, this fraction of its length from either end.
  static let node = 0.224

  /// Lays `keys` out in `area`, turned when `turned`. A sharp sits on the gap after the
  /// naturals before it in `keys` (`slots`).
  init(keys: [DrawnKey], area: Rect, turned: Bool) {
    let (slotOfKey, slotCount) = Self.slots(of: keys)
    let stepCount = Double(max(slotCount, 1))
    let lowest = keys.map(\.midiNote).min() ?? 0
    let (along, across) = turned ? (area.height, area.width) : (area.width, area.height)
    // The lowest sharp's length, as a fraction of the longest natural's, if there are sharps.
    let backRow = keys.filter(\.isSharp).map(\.midiNote).min().map {
      InstrumentLayout.shortening(semitones: $0 - lowest)
    }
    // The instrument's depth across the row, in longest bars: the front row, and the gap and
    // the back row's longest bar if there are sharps.
    let depth = 1 + (backRow.map { Self.rowGap + $0 } ?? 0)
    var step = along / stepCount
    var barWidth = step * (1 - Self.barGap)
    let longest = min(across / depth, Self.aspects.upperBound * barWidth)
    barWidth = min(barWidth, longest / Self.aspects.lowerBound)
    step = min(step, barWidth / (1 - Self.barGap))
    let alongStart = (along - step * stepCount) / 2
    let acrossStart = (across - longest * depth) / 2
    let frontLine = acrossStart + longest / 2
    let backLine = acrossStart + longest * (1 + Self.rowGap) + longest * (backRow ?? 0) / 2

    /// A point `a` along the row and `c` across it from the front, on the frame.
    func point(_ a: Double, _ c: Double) -> Point {
      turned ? Point(x: area.x + c, y: area.y + a) : Point(x: area.x + a, y: area.maxY - c)
    }
    let centres = zip(keys, slotOfKey).map { key, slot in
      let length = longest * InstrumentLayout.shortening(semitones: key.midiNote - lowest)
      return (
        along: alongStart + slot * step, across: key.isSharp ? backLine : frontLine,
        length: length
      )
    }
    bars = centres.map { centre in
      let corner = point(centre.along - barWidth / 2, centre.across - centre.length / 2)
      let far = point(centre.along + barWidth / 2, centre.across + centre.length / 2)
      return Rect(
        x: min(corner.x, far.x), y: min(corner.y, far.y), width: abs(far.x - corner.x),
        height: abs(far.y - corner.y))
    }
    approach = keys.map { key in
      switch (key.isSharp, turned) {
      case (false, false): .bottom
      case (true, false): .top
      case (false, true): .left
      case (true, true): .right
      }
    }
    rails = [false, true].flatMap { sharps in
      let row = zip(keys, centres).filter { $0.0.isSharp == sharps }.map(\.1)
      return [-1.0, 1.0].compactMap { (side: Double) -> [Point]? in
        guard let first = row.first, let last = row.last else { return nil }
        let nodes = row.map { ($0.along, $0.across + side * (0.5 - Self.node) * $0.length) }
        let ends =
          [(first.along - step / 2, nodes[0].1)] + nodes + [
            (last.along + step / 2, nodes[nodes.count - 1].1)
          ]
        return ends.map { point($0.0, $0.1) }
      }
    }
    let longestTitle = Double(keys.map(\.title.count).max() ?? 1)
    let shortest =
      longest
      * InstrumentLayout.shortening(semitones: (keys.map(\.midiNote).max() ?? lowest) - lowest)
    // A bold DejaVu Sans character is about 0.72 em wide.
    labelSize =
      turned
      ? min(0.46 * barWidth, 0.6 * shortest / (0.72 * longestTitle))
      : min(0.84 * barWidth / (0.72 * longestTitle), 0.45 * barWidth)
  }

  /// Where each key's centre lies along the row, in steps of the naturals' spacing, and how
  /// many steps the row takes. A natural takes the next step and is centred in it; a sharp sits
  /// on the gap after the naturals before it. A song plays only some keys, so a step is left
  /// empty where a sharp would otherwise stand at an end of the row or on the gap of the sharp
  /// before it (C#5 and D#5 without D5): every sharp stands between two steps, alone.
  static func slots(of keys: [DrawnKey]) -> (slots: [Double], count: Int) {
    var steps = 0
    var previousWasSharp = false
    var slots: [Double] = []
    for key in keys {
      if key.isSharp {
        if steps == 0 || previousWasSharp { steps += 1 }
        slots.append(Double(steps))
      } else {
        slots.append(Double(steps) + 0.5)
        steps += 1
      }
      previousWasSharp = key.isSharp
    }
    if previousWasSharp { steps += 1 }
    return (slots, steps)
  }
}
