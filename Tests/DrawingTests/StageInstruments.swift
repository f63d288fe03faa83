import AudioBasics
import Testing

@testable import Drawing

/// The instruments the stage is checked with: the app's seven buttons, twelve buttons of every
/// key colour (C6 to B6), a xylophone of 13 keys (C5 to C6, every colour) and one of 31 (F4 to
/// E7 with the sharps Für Elise plays).
enum StageInstrument: String, CaseIterable, CustomTestStringConvertible {
  case appButtons, chromaticButtons, xylophone13, xylophone31

  var keys: [DrawnKey] {
    switch self {
    case .appButtons:
      [("C", 84), ("D", 86), ("E", 88), ("F", 89), ("G", 91), ("A", 93), ("B", 95)].map {
        DrawnKey(title: $0.0, midiNote: $0.1)
      }
    case .chromaticButtons:
      (84...95).map { DrawnKey(title: NoteName.name(of: $0), midiNote: $0) }
    case .xylophone13: DrawnKey.xylophone(playing: 72...84)
    case .xylophone31:
      DrawnKey.xylophone(
        playing: (65...100).filter { !KeyboardLook.isSharp(midiNote: $0) }
          + [78, 80, 82, 85, 87, 90, 92, 94, 97, 99])
    }
  }

  var arrangement: KeyArrangement {
    self == .appButtons || self == .chromaticButtons ? .buttons : .xylophone
  }

  var testDescription: String { rawValue }
}

/// 16:9, 9:16 and 1:1.
let stageShapes = [(1_280, 720), (720, 1_280), (720, 720)]
