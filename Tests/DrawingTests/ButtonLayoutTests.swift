import Testing

@testable import Drawing

/// The app's seven keys, C6 to B6.
private let appKeys = [("C", 84), ("D", 86), ("E", 88), ("F", 89), ("G", 91), ("A", 93), ("B", 95)]
  .map { DrawnKey(title: $0.0, midiNote: $0.1) }

/// `KeyArrangement.buttons`, a song of at most eight keys: the app's look, as it was drawn
/// before songs of more keys became xylophones.
@Suite struct ButtonLayoutTests {
  @Test func theAppsSevenKeysAreStackedExactlyAsBefore() {
    let layout = InstrumentLayout(keys: appKeys, width: 1_280, height: 720, hasTitle: true)
    #expect(
      layout
        == InstrumentLayout(
          keys: appKeys, width: 1_280, height: 720, hasTitle: true, arrangement: .buttons))
    let thickness = 71.4572864321608
    let bars: [(x: Double, y: Double, width: Double)] = [
      (76.79999999999995, 108.0, 1126.4),
      (99.64594706536388, 190.89045226130654, 1080.7081058692722),
      (121.56515887271394, 273.78090452261307, 1036.8696822545721),
      (132.18904704269687, 356.6713567839196, 1015.6219059146063),
      (152.78816307692, 439.56180904522614, 974.42367384616),
      (172.55168551293468, 522.4522613065327, 934.8966289741306),
      (191.5135098179153, 605.3427135678393, 896.9729803641694),
    ]
    #expect(layout.bars == bars.map { Rect(x: $0.x, y: $0.y, width: $0.width, height: thickness) })
    #expect(layout.titleBaseline == Point(x: 640, y: 68.4))
    #expect(layout.titleSize == 39.6)
    #expect(layout.labelSizes == [Double](repeating: 30.012060301507535, count: 7))
    #expect(layout.rails.isEmpty)
    #expect(layout.approach == [InstrumentLayout.Edge](repeating: .right, count: 7))
  }

  @Test func aSharpAndHighCAmongTheButtonsAreStackedExactlyAsBefore() {
    let keys =
      (appKeys + [DrawnKey(title: "F#6", midiNote: 90), DrawnKey(title: "HighC", midiNote: 96)])
      .sorted { $0.midiNote < $1.midiNote }
    let layout = InstrumentLayout(keys: keys, width: 1_280, height: 720, hasTitle: true)
    let (natural, sharp) = (57.86368260427263, 31.82502543234995)
    let bars: [(x: Double, y: Double, width: Double)] = [
      (76.79999999999995, 108.0, 1126.4),
      (99.64594706536388, 175.12187182095624, 1080.7081058692722),
      (121.56515887271394, 242.2437436419125, 1036.8696822545721),
      (132.18904704269687, 309.36561546286873, 1015.6219059146063),
      (142.59522800842836, 376.487487283825, 994.8095439831433),
      (152.78816307692, 417.5707019328585, 974.42367384616),
      (172.55168551293468, 484.69257375381477, 934.8966289741306),
      (191.5135098179153, 551.8144455747711, 896.9729803641694),
      (200.7040000000224, 618.9363173957273, 878.5919999999552),
    ]
    #expect(
      layout.bars
        == zip(keys, bars).map {
          Rect(x: $1.x, y: $1.y, width: $1.width, height: $0.isSharp ? sharp : natural)
        })
    #expect(layout.labelSize == 24.302746693794504)
    #expect(layout.labelSizes[4] == 24.302746693794504 * 0.75)
  }
}
