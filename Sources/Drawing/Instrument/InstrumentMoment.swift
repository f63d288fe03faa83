/// What one picture of a video shows, decided from the taps in exact integers before anything
/// is drawn: which bars are dimmed, and the taps around it for a style that shows them coming.
/// A picture is a pure function of its moment, so pictures can be drawn in any order, on any
/// thread, and give the same pixels.
public struct InstrumentMoment: Sendable, Equatable {
  /// The picture's number: it is shown from `picture / framesPerSecond` seconds.
  public var picture: Int64
  public var framesPerSecond: Int
  /// One flag per bar: dimmed (a tap in this picture or in the 0.2 s before it) or at rest.
  public var dimmed: [Bool]
  /// The taps near this picture, earliest first: those whose dimming has not ended, and those
  /// to come within `InstrumentStyle.lookAheadSeconds`. Empty for the app's style.
  public var strikes: [Strike]

  /// A tap as a picture sees it: its bar, and the picture that holds it.
  public struct Strike: Sendable, Equatable {
    public var bar: Int
    /// The picture holding the tap's first audio frame; the tap reaches its bar there.
    public var picture: Int64

    public init(bar: Int, picture: Int64) {
      self.bar = bar
      self.picture = picture
    }
  }

  public init(picture: Int64, framesPerSecond: Int, dimmed: [Bool], strikes: [Strike] = []) {
    self.picture = picture
    self.framesPerSecond = framesPerSecond
    self.dimmed = dimmed
    self.strikes = strikes
  }

  /// Seconds from this picture to `strike`'s: negative for a tap still to come.
  public func secondsSince(_ strike: Strike) -> Double {
    Double(picture - strike.picture) / Double(framesPerSecond)
  }
}

/// How a video draws the instrument.
public enum InstrumentStyle: String, Sendable, CaseIterable {
  /// The app's exact look: bars at alpha 0.7, a struck bar at 0.5 for 0.2 s, nothing else moves.
  case app
  /// The app's bars on a stage: a struck bar glows and ripples, the notes to come fall towards
  /// their bars in a lane, the background drifts under a vignette.
  case stage

  /// How far ahead a picture needs to know the taps: the stage's lane shows the next 2 s.
  public var lookAheadSeconds: Int {
    switch self {
    case .app: 0
    case .stage: 2
    }
  }
}
