import Testing

@testable import Drawing

/// Whether notes come down `runway` from the top.
private func upright(_ runway: StageRunway) -> Bool { runway.edge == .top }

/// The stage style: notes that come down a runway from one side and reach the hit line across
/// from their bars on their taps' pictures, never over a label, and pictures that depend on
/// their moments alone.
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
  func aNoteReachesTheHitLineAcrossFromItsBarOnThePictureOfItsTap(
    width: Int, height: Int, bar: Int
  ) throws {
    // Without labels, so that nothing on the frame depends on the note.
    let frames = try InstrumentFrames(
      look: InstrumentLook(keys: eightKeys, title: "Twinkle", showsLabels: false, style: .stage),
      width: width, height: height)
    let layout = InstrumentLayout(
      keys: eightKeys, width: width, height: height, hasTitle: true, style: .stage)
    let runway = try #require(layout.runway)
    let lanes = StageLanes(
      bars: layout.bars, runway: runway, width: width, height: height, lookAheadSeconds: 2)
    let target = runway.landing(of: layout.bars[bar])
    // The hit line is just beyond the bar's right end, and the note lands on it.
    let gap = target.x - layout.bars[bar].maxX
    #expect(gap > 0 && gap <= StageRunway.gap * layout.bars.map(\.height).max()! + 1e-9)
    #expect(lanes.lanes[bar].target == target)
    let step = lanes.speed / 60
    #expect(step > 3)
    let tap: Int64 = 300
    // A note is seen only beyond the hit line: measured a few pictures ahead, where it is whole,
    // it is a step further right each picture before: it comes from the right at a steady speed.
    for before in [12, 13, 14] {
      let picture = tap - Int64(before)
      let reference = framePixels(frames, moment(picture, strikes: []))
      let withNote = framePixels(frames, moment(picture, strikes: [.init(bar: bar, picture: tap)]))
      let rows = Int(layout.bars[bar].y)..<Int(layout.bars[bar].maxY.rounded(.up))
      let centre = try #require(
        noteCentre(withNote, reference, width: width, height: height, within: rows))
      let expected = target.x + step * Double(before)
      #expect(abs(centre.x - expected) <= 1, "\(centre) vs \(expected), step \(step)")
      #expect(abs(centre.y - target.y) <= 1, "\(centre) vs \(target)")
    }
  }

  @Test(arguments: StageInstrument.allCases, stageShapes)
  func everyNoteOfALayoutComesFromTheSameSideBeyondTheInstrument(
    instrument: StageInstrument, shape: (Int, Int)
  ) throws {
    let (width, height) = shape
    let layout = InstrumentLayout(
      keys: instrument.keys, width: width, height: height, hasTitle: true,
      arrangement: instrument.arrangement, style: .stage)
    let runway = try #require(layout.runway)
    // From the top of an upright xylophone, into the far ends of its bars; else from the right.
    let upright = instrument.arrangement == .xylophone && width >= height
    #expect(runway.edge == (upright ? .top : .right))
    let lanes = StageLanes(
      bars: layout.bars, runway: runway, width: width, height: height, lookAheadSeconds: 2)
    for (lane, bar) in zip(lanes.lanes, layout.bars) {
      #expect(lane.edge == runway.edge)
      // The hit line is beyond every bar, so no lane crosses one (nor a sharp).
      #expect(upright ? bar.y > runway.hitLine : bar.maxX < runway.hitLine)
      #expect(upright ? lane.target.y == runway.hitLine : lane.target.x == runway.hitLine)
    }
    // The runway starts under the title (upright) or at the frame's right edge.
    #expect(runway.start == (upright ? 0.15 * Double(height) : Double(width)))
  }

  /// The seconds a note is in sight before it lands, for each shape and instrument, and that
  /// while it is, its gem never meets a label: at every picture of its travel.
  @Test(arguments: StageInstrument.allCases, stageShapes)
  func aNoteIsSeenForAtLeastASecondAndAHalfAndNeverOverALabel(
    instrument: StageInstrument, shape: (Int, Int)
  ) throws {
    let (width, height) = shape
    let keys = instrument.keys
    let layout = InstrumentLayout(
      keys: keys, width: width, height: height, hasTitle: true,
      arrangement: instrument.arrangement, style: .stage)
    let runway = try #require(layout.runway)
    let lanes = StageLanes(
      bars: layout.bars, runway: runway, width: width, height: height, lookAheadSeconds: 2)
    let area = runway.area(width: width, height: height)
    let canvas = Canvas(width: 16, height: 16)
    let labels = keys.indices.map { bar in
      canvas.inkBox(
        of: keys[bar].title,
        at: InstrumentFrames.labelBaseline(in: layout.bars[bar], size: layout.labelSizes[bar]),
        size: layout.labelSizes[bar], weight: .bold, alignment: .center)
    }
    let tap: Int64 = 600
    var leastSeen = Double.infinity
    for (bar, lane) in lanes.lanes.enumerated() {
      var firstSeen: Int64?
      for picture in (tap - 120)...tap {
        let centre = lanes.notePosition(
          .init(bar: bar, picture: tap), in: moment(picture, strikes: []))
        // The gem at its largest.
        let radius = lane.noteSize / 2
        for (other, label) in labels.enumerated() {
          let nearest = Point(
            x: min(max(centre.x, label.x), label.maxX), y: min(max(centre.y, label.y), label.maxY))
          let distance =
            ((nearest.x - centre.x) * (nearest.x - centre.x)
            + (nearest.y - centre.y) * (nearest.y - centre.y)).squareRoot()
          #expect(distance > radius, "bar \(bar)'s note over \(keys[other].title)'s label")
        }
        // In sight once its gem is wholly on the runway.
        let inside =
          centre.x - radius >= area.x && centre.x + radius <= area.maxX
          && centre.y - radius >= area.y && centre.y + radius <= area.maxY
        if inside && firstSeen == nil { firstSeen = picture }
      }
      // First shown 2 s ahead, it is wholly before the runway, halo and all: it does not pop up.
      let first = lanes.notePosition(
        .init(bar: bar, picture: tap), in: moment(tap - 120, strikes: []))
      let beyond = upright(runway) ? area.y - first.y : first.x - area.maxX
      #expect(beyond >= 1.1 * lane.noteSize - 1e-9, "bar \(bar)")
      let seen = Double(tap - (firstSeen ?? tap)) / 60
      leastSeen = min(leastSeen, seen)
      #expect(seen >= 1.5, "bar \(bar): \(seen) s")
    }
    print(
      "runway \(instrument.rawValue) \(width)x\(height): \(Int(runway.length)) px, notes seen "
        + "\(leastSeen) s ahead at \(Int(lanes.speed)) px/s")
  }

  /// Drawn: every note in flight at once over the labelled stage changes no pixel of a label,
  /// and a note 1.5 s ahead is drawn in its lane.
  @Test(arguments: StageInstrument.allCases, stageShapes)
  func drawnNotesLeaveTheLabelsAloneAndAreInSightASecondAndAHalfAhead(
    instrument: StageInstrument, shape: (Int, Int)
  ) throws {
    let (width, height) = (shape.0 / 2, shape.1 / 2)
    let keys = instrument.keys
    let frames = try InstrumentFrames(
      look: InstrumentLook(
        keys: keys, title: "Twinkle", style: .stage, arrangement: instrument.arrangement),
      width: width, height: height)
    let layout = InstrumentLayout(
      keys: keys, width: width, height: height, hasTitle: true,
      arrangement: instrument.arrangement, style: .stage)
    let tap: Int64 = 600
    func picture(_ picture: Int64, _ strikes: [InstrumentMoment.Strike]) -> [UInt8] {
      framePixels(
        frames,
        InstrumentMoment(
          picture: picture, framesPerSecond: 60,
          dimmed: [Bool](repeating: false, count: keys.count), strikes: strikes))
    }
    // Every bar's note, each at another place on its way.
    let flying = keys.indices.map {
      InstrumentMoment.Strike(bar: $0, picture: tap + Int64($0 * 7 % 60))
    }
    for at in stride(from: tap - 60, through: tap, by: 15) {
      let (with, without) = (picture(at, flying), picture(at, []))
      // The first pixel of a bar that differs, through the buffers (closures a pixel are
      // several times slower in the debug build).
      let drawnOver = with.withUnsafeBufferPointer { with in
        without.withUnsafeBufferPointer { without -> (x: Int, y: Int)? in
          for bar in layout.bars {
            for y in Int(bar.y)..<Int(bar.maxY.rounded(.up)) {
              for x in Int(bar.x)..<Int(bar.maxX.rounded(.up)) {
                let offset = (y * width + x) * 4
                for byte in offset..<(offset + 4) where with[byte] != without[byte] {
                  return (x, y)
                }
              }
            }
          }
          return nil
        }
      }
      if let (x, y) = drawnOver {
        Issue.record("a note drew over a bar at (\(x), \(y)), picture \(at)")
        return
      }
    }
    // The lowest, a middle and the highest bar's notes are drawn 1.5 s ahead.
    let lanes = StageLanes(
      bars: layout.bars, runway: layout.runway, width: width, height: height,
      lookAheadSeconds: 2)
    let reference = picture(tap - 90, [])
    for bar in Set([0, keys.count / 2, keys.count - 1]) {
      let drawn = picture(tap - 90, [.init(bar: bar, picture: tap)])
      let centre = try #require(noteCentre(drawn, reference, width: width, height: height))
      let expected = lanes.notePosition(
        .init(bar: bar, picture: tap), in: moment(tap - 90, strikes: []))
      #expect(abs(centre.x - expected.x) <= 2 && abs(centre.y - expected.y) <= 2, "bar \(bar)")
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
