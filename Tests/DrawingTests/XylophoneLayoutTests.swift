import AudioBasics
import Testing

@testable import Drawing

/// Every natural from F4 to E7 and the sharps Für Elise and its runs play: 21 naturals, 10
/// sharps.
private let song = DrawnKey.xylophone(
  playing: (65...100).filter { !KeyboardLook.isSharp(midiNote: $0) }
    + [78, 80, 82, 85, 87, 90, 92, 94, 97, 99])

/// The frames a video is posted at: 16:9, 9:16, 1:1 and the default 1280×720.
private let frameSizes = [(1_920, 1_080), (1_080, 1_920), (1_080, 1_080), (1_280, 720)]

private func layout(_ keys: [DrawnKey], _ size: (Int, Int), title: Bool = true) -> InstrumentLayout
{
  InstrumentLayout(
    keys: keys, width: size.0, height: size.1, hasTitle: title, arrangement: .xylophone)
}

/// A bar's length (its long side) and where its centre lies along the row.
private func length(_ bar: Rect) -> Double { max(bar.width, bar.height) }
private func centre(_ bar: Rect, turned: Bool) -> Double {
  turned ? bar.midY : bar.x + bar.width / 2
}

@Suite struct XylophoneLayoutTests {
  @Test(
    arguments: [
      // Exactly the keys played, lowest first, whatever lies between them.
      ([72, 76, 79], ["C5", "E5", "G5"]),
      ([79, 71, 73, 75, 73], ["B4", "C#5", "D#5", "G5"]),
      ([66, 70], ["F#4", "A#4"]),
      ([60], ["C4"]),
      ([], []),
    ])
  func aXylophoneHasABarForEachKeyPlayedAndNoOther(notes: [Int], titles: [String]) {
    let keys = DrawnKey.xylophone(playing: notes)
    #expect(keys.map(\.title) == titles)
    #expect(keys.map(\.midiNote) == titles.compactMap(NoteName.note(named:)))
  }

  @Test(
    arguments: [
      // Naturals take a step each; a sharp stands on the gap after the naturals before it.
      ([72, 74, 75, 76], [0.5, 1.5, 2, 2.5], 3),
      // A sharp at an end of the row gets an empty step beyond it.
      ([73, 74], [1, 1.5], 2),
      ([72, 73], [0.5, 1], 2),
      // Two sharps with no natural between them (C#5, D#5 without D5) a step apart.
      ([72, 73, 75, 76], [0.5, 1, 2, 2.5], 3),
      ([66, 70], [1, 2], 3),
    ])
  func sharpsStandAloneOnAGapWhateverNaturalsAreMissing(
    notes: [Int], slots: [Double], count: Int
  ) {
    let placed = XylophoneLayout.slots(of: DrawnKey.xylophone(playing: notes))
    #expect(placed.slots == slots)
    #expect(placed.count == count)
  }

  @Test(arguments: frameSizes)
  func aSongWithGapsGetsBarsThatNeitherOverlapNorLeaveTheFrame(width: Int, height: Int) {
    // Sharps without their neighbours at both ends and in the middle.
    let keys = DrawnKey.xylophone(playing: [66, 72, 73, 75, 79, 80, 82])
    let bars = layout(keys, (width, height)).bars
    for (index, bar) in bars.enumerated() {
      #expect(bar.x >= 0 && bar.maxX <= Double(width) && bar.y >= 0 && bar.maxY <= Double(height))
      for other in bars[(index + 1)...] {
        #expect(
          bar.maxX <= other.x || other.maxX <= bar.x || bar.maxY <= other.y
            || other.maxY <= bar.y, "\(keys[index].title)")
      }
    }
  }

  @Test(arguments: frameSizes)
  func barsShortenWithPitchInEachRow(width: Int, height: Int) {
    let bars = layout(song, (width, height)).bars
    for sharps in [false, true] {
      let row = zip(song, bars).filter { $0.0.isSharp == sharps }.map { length($0.1) }
      #expect(row.count == (sharps ? 10 : 21))
      #expect(zip(row, row.dropFirst()).allSatisfy { $0 > $1 }, "\(row)")
    }
    // F4 is 2.06 times as long as E7, 35 semitones up: 22% shorter an octave.
    let expected = 1 / ExactMath.power(0.78, over: 1, exponent: 35.0 / 12)
    #expect(abs(length(bars[0]) / length(bars[bars.count - 1]) - expected) < 1e-9)
  }

  @Test(arguments: frameSizes)
  func sharpsAreARowBehindTheNaturalsEachOnTheGapBetweenItsNeighbours(
    width: Int, height: Int
  ) {
    let turned = height > width
    let bars = layout(song, (width, height)).bars
    let naturals = zip(song, bars).filter { !$0.0.isSharp }.map(\.1)
    for (index, key) in song.enumerated() where key.isSharp {
      let (below, above) = (bars[index - 1], bars[index + 1])
      #expect(!song[index - 1].isSharp && !song[index + 1].isSharp)
      // Halfway between its neighbours' centres, along the row.
      let middle = (centre(below, turned: turned) + centre(above, turned: turned)) / 2
      #expect(abs(centre(bars[index], turned: turned) - middle) < 1e-9)
      // Behind every natural: above them upright, to their right turned.
      let sharp = bars[index]
      #expect(
        turned
          ? sharp.x > naturals.map(\.maxX).max()! : sharp.maxY < naturals.map(\.y).min()!)
    }
  }

  @Test(arguments: frameSizes)
  func theRowRunsAcrossAWideFrameAndDownATallOneLowestFirst(width: Int, height: Int) {
    let turned = height > width
    let bars = layout(song, (width, height)).bars
    for bar in bars {
      // Upright bars on a wide or square frame, lying bars on a tall one.
      #expect((bar.width > bar.height) == turned)
      // Inside the frame, under the title's band.
      #expect(bar.x >= 0 && bar.maxX <= Double(width) && bar.maxY <= Double(height))
      #expect(bar.y >= 0.15 * Double(height) - 1e-9)
    }
    let centres = bars.map { centre($0, turned: turned) }
    #expect(centres == centres.sorted())
    // Wide enough to read: a natural is at least a thirtieth of the frame's short side.
    #expect(bars.allSatisfy { min($0.width, $0.height) > Double(min(width, height)) / 30 })
  }

  @Test func noBarsOverlapAndNotesArriveAtEachRowsOuterEdge() {
    for size in frameSizes {
      let built = layout(song, size)
      for (index, bar) in built.bars.enumerated() {
        for other in built.bars[(index + 1)...] {
          #expect(
            bar.maxX <= other.x || other.maxX <= bar.x || bar.maxY <= other.y
              || other.maxY <= bar.y)
        }
      }
      let expected: [InstrumentLayout.Edge] =
        size.1 > size.0
        ? song.map { $0.isSharp ? .right : .left } : song.map { $0.isSharp ? .top : .bottom }
      #expect(built.approach == expected)
      // Two rails a row, each running the row's length.
      #expect(built.rails.count == 4)
    }
  }

  @Test func labelsAreScientificPitchesSizedToFitTheirBars() {
    #expect(song.map(\.title).prefix(9) == ["F4", "G4", "A4", "B4", "C5", "D5", "E5", "F5", "F#5"])
    for size in frameSizes {
      let built = layout(song, size)
      let thinnest = built.bars.map { min($0.width, $0.height) }.min()!
      #expect(built.labelSizes.allSatisfy { $0 == built.labelSize })
      #expect(built.labelSize <= 0.5 * thinnest && built.labelSize >= 0.3 * thinnest)
    }
  }
}
