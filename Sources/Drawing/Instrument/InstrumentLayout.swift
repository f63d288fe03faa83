import AudioBasics

/// How a video arranges the instrument's bars.
public enum KeyArrangement: String, Sendable, CaseIterable {
  /// The app's buttons: horizontal bars stacked from the top, lowest pitch first as the app
  /// stacks C above B, each centred and shorter than the one before; sharps thinner.
  case buttons
  /// A xylophone: bars graded in length by pitch, naturals in a front row and sharps in a
  /// raised row behind, each between its neighbouring naturals, resting on rails. A row of
  /// upright bars, lowest at the left, across a frame at least as wide as it is tall; turned a
  /// quarter clockwise on a taller frame: bars lying across it, lowest at the top, naturals on
  /// the left.
  case xylophone
}

/// Where the instrument's bars go on a frame (see `KeyArrangement`): a pure value, the same for
/// the same keys and frame.
struct InstrumentLayout: Equatable, Sendable {
  /// One rectangle per key, in the order of the keys given.
  var bars: [Rect]
  /// One edge per key: the end of its bar that faces open frame, never another bar: `.right`
  /// for the app's buttons; for a xylophone, the naturals' front end (`.bottom`, or `.left`
  /// when turned) and the sharps' back end (`.top`, or `.right` when turned), which tells a
  /// raised bar's shadow. (The stage's notes all come from one side, down `runway`.)
  var approach: [Edge]
  /// Each title line's baseline, centred, top first; empty without a title.
  var titleBaselines: [Point]
  /// The size of a title on one line that fits (a longer one is smaller: `TitleFit`).
  var titleSize: Double
  /// The label size of a natural key.
  var labelSize: Double
  /// One label size per key: a button sharp's is smaller; a xylophone's are all `labelSize`.
  var labelSizes: [Double]
  /// The rails a xylophone's bars rest on, each a line through the bars' nodes (where a bar
  /// is held, 22.4% of its length from each end), two per row; empty for the app's buttons.
  var rails: [[Point]]
  /// Where the stage's notes travel to the bars (`StageRunway`); `nil` in the app's look.
  var runway: StageRunway?

  /// A side of a rectangle.
  enum Edge: Equatable, Sendable {
    case top, bottom, left, right

    /// The side notes come from when the layout names none: along the bar's length, from the
    /// right for a bar wider than tall (the app's stacked bars), from the top for a standing
    /// one (a xylophone's row).
    init(along bar: Rect) {
      self = bar.width >= bar.height ? .right : .top
    }

    /// The unit vector from a bar toward this side.
    var direction: Point {
      switch self {
      case .top: Point(x: 0, y: -1)
      case .right: Point(x: 1, y: 0)
      case .bottom: Point(x: 0, y: 1)
      case .left: Point(x: -1, y: 0)
      }
    }
  }

  /// How much shorter each semitone makes a bar: an octave takes 22% off (the app's seven
  /// buttons narrow by 20% from C to B).
  static let octaveShortening = 0.78
  /// A button sharp's thickness and the gap between buttons, as fractions of a natural's.
  static let sharpThickness = 0.55
  static let gap = 0.16
  /// The lowest button's length, as a fraction of the frame's width.
  static let longestButton = 0.88
  /// A button label's size, as a fraction of a natural's thickness (a sharp's is 0.75 of it).
  static let buttonLabelSize = 0.42
  static let sharpLabelScale = 0.75

  /// The bars of `keys` on a frame of `width` × `height`, below a title of one line, or of
  /// two at `twoTitleLinesAt` (a size).
  init(
    keys: [DrawnKey], width: Int, height: Int, hasTitle: Bool,
    twoTitleLinesAt lineSize: Double? = nil, arrangement: KeyArrangement = .buttons,
    style: InstrumentStyle = .app
  ) {
    let (width, height) = (Double(width), Double(height))
    var top = hasTitle ? 0.15 * height : 0.06 * height
    titleSize = Self.titleSize(height: height)
    titleBaselines = hasTitle ? [Point(x: width / 2, y: 0.095 * height)] : []
    if hasTitle, let lineSize {
      // The letters' tops where a whole-size line's are; the bars as far below the second
      // line as they are below one, never higher than there.
      let first = 0.095 * height - 0.75 * (titleSize - lineSize)
      let second = first + Self.titleLineSpacing * lineSize
      titleBaselines = [first, second].map { Point(x: width / 2, y: $0) }
      top = max(top, second + 0.055 * height)
    }
    switch arrangement {
    case .buttons:
      (bars, labelSize) = Self.buttons(keys: keys, width: width, height: height, top: top)
      if style == .stage { bars = Self.stageButtons(bars, width: width) }
      labelSizes = keys.map { [labelSize] in labelSize * ($0.isSharp ? Self.sharpLabelScale : 1) }
      approach = keys.map { _ in .right }
      rails = []
    case .xylophone:
      let area = Rect(
        x: 0.05 * width, y: top, width: 0.9 * width, height: height - top - 0.06 * height)
      let xylophone = XylophoneLayout(
        keys: keys, area: style == .stage ? Self.stageArea(area, turned: height > width) : area,
        turned: height > width)
      bars = xylophone.bars
      approach = xylophone.approach
      // A few fat bars do not make labels larger than the title's letters.
      labelSize = min(xylophone.labelSize, 0.7 * titleSize)
      labelSizes = keys.map { [labelSize] _ in labelSize }
      rails = xylophone.rails
    }
    // The stage's runway (StageRunway.swift), beside the instrument it moved.
    runway =
      style == .stage
      ? Self.stageRunway(
        bars: bars, arrangement: arrangement, width: width, height: height, top: top) : nil
  }

  /// The app's buttons: stacked from `top`, lowest first, each centred and shorter by pitch.
  private static func buttons(keys: [DrawnKey], width: Double, height: Double, top: Double)
    -> (bars: [Rect], labelSize: Double)
  {
    let available = height - top - 0.06 * height
    let units =
      keys.reduce(0) { $0 + ($1.isSharp ? Self.sharpThickness : 1) }
      + Self.gap * Double(max(0, keys.count - 1))
    // A few keys do not make fat slabs: at most a sixth of the frame each.
    let natural = min(available / max(units, 1), height / 6)
    var y = top + (available - natural * units) / 2
    let lowest = keys.map(\.midiNote).min() ?? 0
    let longest = Self.longestButton * width
    let bars = keys.map { key in
      let thickness = natural * (key.isSharp ? Self.sharpThickness : 1)
      let length = longest * shortening(semitones: key.midiNote - lowest)
      defer { y += thickness + natural * Self.gap }
      return Rect(x: (width - length) / 2, y: y, width: length, height: thickness)
    }
    return (bars, Self.buttonLabelSize * natural)
  }

  /// The title's size on a frame `height` pixels tall.
  static func titleSize(height: Double) -> Double { 0.055 * height }

  /// From one title line's baseline to the next, as a multiple of their size.
  static let titleLineSpacing = 1.2

  /// The first title line's baseline; `nil` without a title.
  var titleBaseline: Point? { titleBaselines.first }

  /// The length of a bar `semitones` above the lowest, as a fraction of the lowest's.
  static func shortening(semitones: Int) -> Double {
    ExactMath.power(octaveShortening, over: 1, exponent: Double(semitones) / 12)
  }
}
