/// The stage's runway: open frame on one side of the instrument that the notes travel down,
/// every note from the same side, to a hit line along the instrument's far side, where each
/// lands across from its bar (as in Synthesia). Notes come from the right of the app's buttons
/// and of a turned xylophone, and from the top of an upright one, where the naturals' notes
/// land above the raised sharps instead of crossing them. The stage moves the instrument to
/// the other side of the frame to leave the runway room (`InstrumentLayout`'s stage part).
struct StageRunway: Equatable, Sendable {
  typealias Edge = InstrumentLayout.Edge

  /// The side of the frame the notes come from.
  var edge: Edge
  /// Where notes land: the hit line's x for notes from the left or right, else its y.
  var hitLine: Double
  /// Where the runway begins (a frame's edge, or the line under the title): an x or a y as
  /// `hitLine` is.
  var start: Double
  /// The hit line's extent along it: the instrument's, and a little more.
  var span: ClosedRange<Double>

  /// The share of the instrument's room, across its row, left for the runway.
  static let share = 0.42
  /// The gap between the instrument and the hit line, as a fraction of the thickest bar.
  static let gap = 0.3

  /// The runway of `bars` with notes from `edge`: its hit line `gap` thick bars beyond the bars'
  /// farthest end toward that edge, from `start`.
  init(bars: [Rect], edge: Edge, start: Double) {
    self.edge = edge
    self.start = start
    let thickness = bars.map { min($0.width, $0.height) }.max() ?? 0
    let gap = Self.gap * thickness
    let acrossRow = edge == .left || edge == .right
    switch edge {
    case .top: hitLine = (bars.map(\.y).min() ?? start) - gap
    case .bottom: hitLine = (bars.map(\.maxY).max() ?? start) + gap
    case .left: hitLine = (bars.map(\.x).min() ?? start) - gap
    case .right: hitLine = (bars.map(\.maxX).max() ?? start) + gap
    }
    let low = bars.map { acrossRow ? $0.y : $0.x }.min() ?? 0
    let high = bars.map { acrossRow ? $0.maxY : $0.maxX }.max() ?? 0
    span = (low - gap)...(high + gap)
  }

  /// The runway a frame of `width` × `height` leaves beyond `bars` when no layout names one:
  /// notes come along the bars (`Edge(along:)`), from the frame's edge.
  init(around bars: [Rect], width: Int, height: Int) {
    let edge = bars.first.map { Edge(along: $0) } ?? .right
    let start: Double
    switch edge {
    case .top, .left: start = 0
    case .bottom: start = Double(height)
    case .right: start = Double(width)
    }
    self.init(bars: bars, edge: edge, start: start)
  }

  /// How far a note travels down the runway to the hit line, in pixels.
  var length: Double { abs(start - hitLine) }

  /// Where the notes of `bar` land: on the hit line, across from the bar's middle.
  func landing(of bar: Rect) -> Point {
    switch edge {
    case .top, .bottom: Point(x: bar.x + bar.width / 2, y: hitLine)
    case .left, .right: Point(x: hitLine, y: bar.midY)
    }
  }

  /// The middle of the end of `bar` that faces the runway.
  func farEnd(of bar: Rect) -> Point {
    switch edge {
    case .top: Point(x: bar.x + bar.width / 2, y: bar.y)
    case .bottom: Point(x: bar.x + bar.width / 2, y: bar.maxY)
    case .left: Point(x: bar.x, y: bar.midY)
    case .right: Point(x: bar.maxX, y: bar.midY)
    }
  }

  /// The runway's rectangle on a frame of `width` × `height`: from `start` to the hit line,
  /// across the whole frame.
  func area(width: Int, height: Int) -> Rect {
    let (low, high) = (min(start, hitLine), max(start, hitLine))
    switch edge {
    case .top, .bottom: return Rect(x: 0, y: low, width: Double(width), height: high - low)
    case .left, .right: return Rect(x: low, y: 0, width: high - low, height: Double(height))
    }
  }
}

// The stage's part of `InstrumentLayout`: where the instrument goes to leave the runway room.
extension InstrumentLayout {
  /// The app's buttons on the stage: as thick, their lengths scaled so that the longest and the
  /// gap to the hit line leave `StageRunway.share` of the frame's width on the right, and their
  /// right ends aligned, so that every note lands at its bar's end.
  static func stageButtons(_ bars: [Rect], width: Double) -> [Rect] {
    let thickness = bars.map(\.height).max() ?? 0
    let end = (1 - StageRunway.share) * width - StageRunway.gap * thickness
    let longest = bars.map(\.width).max() ?? 1
    let scale = (end - (width - longest) / 2) / longest
    return bars.map { bar in
      Rect(x: end - bar.width * scale, y: bar.y, width: bar.width * scale, height: bar.height)
    }
  }

  /// The room a xylophone gets on the stage in `area`: the bottom of it upright, the left of it
  /// turned, leaving `StageRunway.share` of it across the row for the runway.
  static func stageArea(_ area: Rect, turned: Bool) -> Rect {
    let kept = 1 - StageRunway.share
    return turned
      ? Rect(x: area.x, y: area.y, width: area.width * kept, height: area.height)
      : Rect(
        x: area.x, y: area.maxY - area.height * kept, width: area.width,
        height: area.height * kept)
  }

  /// The runway beside `bars` laid out as `arrangement` on a frame of `width` × `height`,
  /// under a title that ends at `top`: from the right edge, or from under the title for an
  /// upright xylophone.
  static func stageRunway(
    bars: [Rect], arrangement: KeyArrangement, width: Double, height: Double, top: Double
  ) -> StageRunway {
    if arrangement == .xylophone && height <= width {
      return StageRunway(bars: bars, edge: .top, start: top)
    }
    return StageRunway(bars: bars, edge: .right, start: width)
  }
}
