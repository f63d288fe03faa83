import Testing

@testable import Drawing

/// The stage style: notes that reach their bars on their taps' pictures, and pictures that
/// depend on their moments alone.
@Suite struct StageDrawingTests {
  /// A moment at `picture` of 60 a second with the taps `strikes` around it, no bar dimmed.
  private func moment(
    _ picture: Int64, strikes: [InstrumentMoment.Strike], dimmed: Set<Int> = [],
    keys: Int = eightKeys.count
  ) -> InstrumentMoment {
    InstrumentMoment(
      picture: picture, framesPerSecond: 60, dimmed: (0..<keys).map(dimmed.contains),
      strikes: strikes)
  }

  @Test(arguments: [(1_280, 720, 2), (1_920, 1_080, 4), (1_080, 1_920, 7), (1_080, 1_080, 0)])
  func aNoteReachesTheMiddleOfItsBarOnThePictureOfItsTap(width: Int, height: Int, bar: Int)
    throws
  {
    // Without labels, so that the bar under the note is one colour.
    let frames = try InstrumentFrames(
      look: InstrumentLook(keys: eightKeys, title: "Twinkle", showsLabels: false, style: .stage),
      width: width, height: height)
    let layout = InstrumentLayout(keys: eightKeys, width: width, height: height, hasTitle: true)
    let target = (x: layout.bars[bar].x + layout.bars[bar].width / 2, y: layout.bars[bar].midY)
    let step =
      StageLanes(bars: layout.bars, width: width, height: height, lookAheadSeconds: 2).speed / 60
    #expect(step > 3)
    let tap: Int64 = 300
    var centres: [(x: Double, y: Double)] = []
    // The tap's own picture with its bar not dimmed: the note alone, without the bar's glow.
    for picture in [tap, tap - 1, tap - 2] {
      let reference = framePixels(frames, moment(picture, strikes: []))
      let withNote = framePixels(frames, moment(picture, strikes: [.init(bar: bar, picture: tap)]))
      let rows = Int(layout.bars[bar].y)..<Int(layout.bars[bar].maxY.rounded(.up))
      centres.append(
        try #require(
          noteCentre(withNote, reference, width: width, height: height, within: rows)))
    }
    // On its tap's picture the note is on its bar's middle; a picture before, one step to the
    // right, and a step more before that: it comes from the right at a steady speed.
    #expect(abs(centres[0].x - target.x) <= 1, "\(centres[0]) vs \(target)")
    #expect(abs(centres[0].y - target.y) <= 1, "\(centres[0]) vs \(target)")
    #expect(abs(centres[1].x - (target.x + step)) <= 1, "\(centres[1]), step \(step)")
    #expect(abs(centres[2].x - (target.x + 2 * step)) <= 1, "\(centres[2]), step \(step)")
    #expect(abs(centres[1].y - target.y) <= 1 && abs(centres[2].y - target.y) <= 1)
  }

  @Test func aNoteFallsOntoAStandingBarFromAbove() {
    let (width, height) = (400, 600)
    let bars = (0..<5).map { Rect(x: 40 + Double($0) * 70, y: 300, width: 50, height: 250) }
    let stage = StageDrawing(
      keys: Array(eightKeys.prefix(5)), bars: bars,
      background: Canvas(width: width, height: height), width: width, height: height,
      lookAheadSeconds: 2)
    #expect(stage.lanes.lanes.allSatisfy { $0.edge == .top })
    func picture(_ strikes: [InstrumentMoment.Strike], at picture: Int64) -> [UInt8] {
      let canvas = Canvas(width: width, height: height)
      canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), Colour(hex: 0))
      stage.drawOverBars(moment(picture, strikes: strikes, keys: 5), on: canvas)
      return canvasPixels(canvas)
    }
    let step = stage.lanes.speed / 60
    for before in [0, 10] {
      let drawn = picture([.init(bar: 3, picture: 120)], at: 120 - Int64(before))
      let centre = noteCentre(drawn, picture([], at: 0), width: width, height: height)
      #expect(abs((centre?.x ?? 0) - bars[3].x - 25) <= 1, "\(String(describing: centre))")
      #expect(abs((centre?.y ?? 0) - (425 - step * Double(before))) <= 1, "\(step)")
    }
  }

  @Test func aLayoutCanNameTheSideANoteComesFrom() {
    let bars = [Rect(x: 100, y: 100, width: 200, height: 40)]
    let lanes = StageLanes(
      bars: bars, approaches: [.left], width: 400, height: 300, lookAheadSeconds: 2)
    let before = lanes.notePosition(.init(bar: 0, picture: 60), in: moment(30, strikes: []))
    #expect(before.x == 200 - lanes.speed / 2 && before.y == 120)
    #expect(lanes.notePosition(.init(bar: 0, picture: 60), in: moment(60, strikes: [])).x == 200)
  }

  @Test(arguments: [(1_280, 720), (1_920, 1_080), (1_080, 1_920), (1_080, 1_080)])
  func aNoteIsOutsideTheFrameWhenItIsFirstShownTwoSecondsAhead(width: Int, height: Int) {
    let layout = InstrumentLayout(keys: eightKeys, width: width, height: height, hasTitle: true)
    let lanes = StageLanes(bars: layout.bars, width: width, height: height, lookAheadSeconds: 2)
    for (bar, lane) in lanes.lanes.enumerated() {
      #expect(lane.edge == .right)
      let first = lanes.notePosition(.init(bar: bar, picture: 120), in: moment(0, strikes: []))
      #expect(first.x - lane.noteSize >= Double(width), "bar \(bar)")
      #expect(first.y == lane.target.y)
    }
  }

  @Test func aPictureIsTheSameWhateverWasDrawnBeforeIt() throws {
    let look = InstrumentLook(keys: eightKeys, title: "Twinkle", style: .stage)
    let moments = [
      moment(10, strikes: [.init(bar: 2, picture: 10), .init(bar: 5, picture: 40)], dimmed: [2]),
      moment(11, strikes: [.init(bar: 2, picture: 10), .init(bar: 5, picture: 40)], dimmed: [2]),
      moment(
        700, strikes: [.init(bar: 7, picture: 690), .init(bar: 0, picture: 701)], dimmed: [7]),
      moment(701, strikes: [.init(bar: 0, picture: 701)], dimmed: [0]),
    ]
    let inOrder = try InstrumentFrames(look: look, width: 320, height: 180)
    let first = moments.map { framePixels(inOrder, $0) }
    // Every picture differs from the others: the light drifts, the notes move.
    #expect(Set(first.map(fingerprint)).count == moments.count)
    let shuffled = try InstrumentFrames(look: look, width: 320, height: 180)
    for index in [3, 1, 2, 0, 3, 2] {
      #expect(framePixels(shuffled, moments[index]) == first[index], "moment \(index)")
    }
    // The same frames, after drawing the others, draw the first again alike.
    #expect(framePixels(inOrder, moments[0]) == first[0])
  }

  @Test func theStageLeavesTheAppStylesPicturesAlone() throws {
    let app = try InstrumentFrames(
      look: InstrumentLook(keys: eightKeys, title: "Twinkle"), width: 320, height: 180)
    let stage = try InstrumentFrames(
      look: InstrumentLook(keys: eightKeys, title: "Twinkle", style: .stage), width: 320,
      height: 180)
    let busy = moment(30, strikes: [.init(bar: 1, picture: 30), .init(bar: 3, picture: 50)])
    let before = framePixels(app, busy)
    let staged = framePixels(stage, busy)
    #expect(staged != before)
    #expect(framePixels(app, moment(30, strikes: [])) == before)
  }
}
