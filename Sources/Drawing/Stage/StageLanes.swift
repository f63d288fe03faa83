/// Where the stage's notes travel: each bar has a lane down the runway (`StageRunway`), a
/// straight line from beyond the runway's start to the hit line across from the bar, and a
/// note on it reaches the hit line on the picture holding its tap. Every lane runs from the
/// same side and is as long as the others, so every note is in sight for as long.
struct StageLanes: Equatable, Sendable {
  /// The side of the frame a bar's notes come from: the runway's.
  typealias Edge = InstrumentLayout.Edge

  /// A bar's lane.
  struct Lane: Equatable, Sendable {
    /// Where its notes land: on the hit line, across from the bar's middle.
    var target: Point
    var edge: Edge
    /// A note's diameter in pixels: a fraction of the bar's thickness (at most a twentieth of
    /// the frame's shorter side), larger for a longer (lower) bar.
    var noteSize: Double
    /// The bar's thickness, its shorter side, in pixels.
    var thickness: Double
  }

  var lanes: [Lane]
  let runway: StageRunway
  /// How fast notes travel, in pixels a second: the same in every lane, so that rhythms read
  /// alike across bars, and fast enough that a note is still before the runway's start when it
  /// is first shown (`lookAheadSeconds` before its tap).
  var speed: Double

  /// A note's diameter as a fraction of its bar's thickness.
  static let noteFraction = 0.5

  /// The lanes of `bars` down `runway` (by default along the bars from the frame's edge:
  /// `StageRunway(around:width:height:)`) on a frame of `width` × `height` pixels.
  init(
    bars: [Rect], runway: StageRunway? = nil, width: Int, height: Int, lookAheadSeconds: Int
  ) {
    let runway = runway ?? StageRunway(around: bars, width: width, height: height)
    self.runway = runway
    let longest = bars.map { max($0.width, $0.height) }.max() ?? 1
    let largest = 0.05 * Double(min(width, height))
    lanes = bars.map { bar in
      let thickness = min(bar.width, bar.height)
      let length = max(bar.width, bar.height)
      return Lane(
        target: runway.landing(of: bar), edge: runway.edge,
        noteSize: min(Self.noteFraction * thickness, largest) * (0.8 + 0.2 * length / longest),
        thickness: thickness)
    }
    // The farthest a note travels: the runway, and its halo beyond it (2.2 radii).
    let reach = runway.length + 1.1 * (lanes.map(\.noteSize).max() ?? 0)
    speed = reach / Double(max(1, lookAheadSeconds))
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
