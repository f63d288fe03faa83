import Drawing

/// What each picture of a video shows, picture after picture, decided in exact integers from
/// the taps' audio frames: picture `k` starts at audio frame `k × rate / fps`; a tap at frame
/// `s` is in picture `⌊s × fps / rate⌋`; a bar is dimmed in picture `k` when one of its taps
/// is in `k` or before it and `k` starts less than `KeyboardLook.dimSeconds` after the tap.
struct PictureSchedule {
  /// The taps' first audio frames, in order, and the bar each strikes (`nil`: none drawn).
  private let starts: [Int64]
  private let bars: [Int?]
  private let barCount: Int
  private let rate: Int64
  private let framesPerSecond: Int
  /// Pictures ahead of a tap from which the picture shows it coming.
  private let lookAhead: Int64
  /// The next picture to draw.
  private(set) var nextFrame: Int64 = 0
  /// Taps before `first` ended their dimming; taps from `next` on are in later pictures; taps
  /// from `next` to `ahead` come within the look-ahead.
  private var first = 0
  private var next = 0
  private var ahead = 0

  init(
    starts: [Int64], bars: [Int?], barCount: Int, rate: Int64, framesPerSecond: Int,
    style: InstrumentStyle = .app
  ) {
    self.starts = starts
    self.bars = bars
    self.barCount = barCount
    self.rate = rate
    self.framesPerSecond = framesPerSecond
    lookAhead = Int64(style.lookAheadSeconds * framesPerSecond)
  }

  /// Pictures for `audioFrames` of sound: enough to cover it (the last starts before its end),
  /// and at least one.
  func frameCount(covering audioFrames: Int64) -> Int {
    let fps = Int64(framesPerSecond)
    return Int(max(1, (audioFrames * fps + rate - 1) / rate))
  }

  /// The audio frame the next picture starts at, rounded up (a picture starting at 1.5 frames
  /// needs the audio up to frame 2).
  var nextFrameStart: Int64 { start(ofPicture: nextFrame) }

  /// The audio frame picture `picture` starts at, rounded up.
  func start(ofPicture picture: Int64) -> Int64 {
    let fps = Int64(framesPerSecond)
    return (picture * rate + fps - 1) / fps
  }

  /// The next picture's moment; moves on to the picture after it.
  mutating func advance() -> InstrumentMoment {
    let moment = moment(atPicture: nextFrame, from: &first, &next, &ahead)
    nextFrame += 1
    return moment
  }

  /// The moment of any picture, computed afresh (for a still).
  func moment(atPicture picture: Int64) -> InstrumentMoment {
    var (first, next, ahead) = (0, 0, 0)
    return moment(atPicture: picture, from: &first, &next, &ahead)
  }

  /// Moves the three tap indices on to `picture` (never back) and reads its moment.
  private func moment(
    atPicture picture: Int64, from first: inout Int, _ next: inout Int, _ ahead: inout Int
  ) -> InstrumentMoment {
    let fps = Int64(framesPerSecond)
    // A tap at audio frame s is in picture k or before it when s × fps < (k + 1) × rate.
    while next < starts.count && starts[next] * fps < (picture + 1) * rate { next += 1 }
    ahead = max(ahead, next)
    while ahead < starts.count && starts[ahead] * fps < (picture + lookAhead + 1) * rate {
      ahead += 1
    }
    // Picture k starts within n/d s of the tap when k / fps < s / rate + n/d, that is
    // d k rate < d s fps + n rate fps.
    let (numerator, denominator) = (
      Int64(KeyboardLook.dimSeconds.numerator), Int64(KeyboardLook.dimSeconds.denominator)
    )
    while first < next
      && denominator * picture * rate
        >= denominator * starts[first] * fps + numerator * rate * fps
    {
      first += 1
    }
    var dimmed = [Bool](repeating: false, count: barCount)
    for index in first..<next {
      if let bar = bars[index] { dimmed[bar] = true }
    }
    var strikes: [InstrumentMoment.Strike] = []
    if lookAhead > 0 {
      for index in first..<ahead {
        if let bar = bars[index] {
          strikes.append(.init(bar: bar, picture: starts[index] * fps / rate))
        }
      }
    }
    return InstrumentMoment(
      picture: picture, framesPerSecond: framesPerSecond, dimmed: dimmed, strikes: strikes)
  }
}
