/// Where the stage's notes travel: each bar has a lane, a straight line from beyond an edge of
/// the frame to the bar's centre, and a note on it reaches the centre on the picture holding
/// its tap. Derived from the bars' rectangles alone, so any layout of bars gets lanes.
struct StageLanes: Equatable, Sendable {
  /// The side of the frame a bar's notes come from: the layout's.
  typealias Edge = InstrumentLayout.Edge

  /// A bar's lane.
  struct Lane: Equatable, Sendable {
    /// The bar's centre, where its notes arrive (its title is drawn there, as the app does).
    var target: Point
    var edge: Edge
    /// A note's diameter in pixels: a fraction of the bar's thickness (at most a twentieth of
    /// the frame's shorter side), larger for a longer (lower) bar.
    var noteSize: Double
    /// The bar's thickness, its shorter side, in pixels.
    var thickness: Double
  }

  var lanes: [Lane]
  /// How fast notes travel, in pixels a second: the same in every lane, so that rhythms read
  /// alike across bars, and fast enough that a note is still outside the frame when it is
  /// first shown (`lookAheadSeconds` before its tap).
  var speed: Double

  /// A note's diameter as a fraction of its bar's thickness.
  static let noteFraction = 0.5

  /// The lanes of `bars` on a frame of `width` × `height` pixels; `approaches` names the side
  /// each bar's notes come from (`nil`, or a `nil` entry: along the bar, `Edge(along:)`).
  init(
    bars: [Rect], approaches: [Edge?]? = nil, width: Int, height: Int, lookAheadSeconds: Int
  ) {
    let longest = bars.map { max($0.width, $0.height) }.max() ?? 1
    let largest = 0.05 * Double(min(width, height))
    lanes = bars.enumerated().map { index, bar in
      let thickness = min(bar.width, bar.height)
      let length = max(bar.width, bar.height)
      return Lane(
        target: Point(x: bar.x + bar.width / 2, y: bar.midY),
        edge: approaches?[index] ?? Edge(along: bar),
        noteSize: min(Self.noteFraction * thickness, largest) * (0.8 + 0.2 * length / longest),
        thickness: thickness)
    }
    let (width, height) = (Double(width), Double(height))
    // The farthest a note travels: from its target to its edge, plus its size and its glow.
    let reach = lanes.map { lane in
      let toEdge: Double
      switch lane.edge {
      case .top: toEdge = lane.target.y
      case .right: toEdge = width - lane.target.x
      case .bottom: toEdge = height - lane.target.y
      case .left: toEdge = lane.target.x
      }
      return toEdge + 1.5 * lane.noteSize
    }.max()
    speed = (reach ?? 0) / Double(max(1, lookAheadSeconds))
  }

  /// Where the note of `strike` is in `moment`: on its target in the picture holding its tap,
  /// and `speed` pixels a second up its lane before it.
  func notePosition(_ strike: InstrumentMoment.Strike, in moment: InstrumentMoment) -> Point {
    let lane = lanes[strike.bar]
    let distance = -moment.secondsSince(strike) * speed
    let direction = lane.edge.direction
    return Point(
      x: lane.target.x + direction.x * distance, y: lane.target.y + direction.y * distance)
  }
}
