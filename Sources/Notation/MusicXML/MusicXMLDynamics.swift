import ScoreParser

/// MusicXML's dynamics as MIDI velocities. The marks' table is the ABC reader's
/// (`Dynamics.swift` on its branch, the common sequencer scale of 16 a step from `ppp` 16 to
/// `fff` 127): one table for every notation once both are merged. MusicXML's numbers
/// (`<sound dynamics>`, a note's `dynamics` attribute) are percent of forte's velocity, 90.
enum MusicXMLDynamics {
  /// The velocity of notes before any mark: mezzo-forte, as in ABC.
  static let defaultVelocity = 80

  /// Each mark (the element inside `<dynamics>`) and its velocity (1 to 127).
  static let velocities: [(mark: String, velocity: Int)] = [
    ("pppp", 8), ("ppp", 16), ("pp", 32), ("p", 48), ("mp", 64), ("mf", 80), ("f", 96),
    ("ff", 112), ("fff", 127), ("ffff", 127),
  ]

  /// The velocity `mark` (`p`, `mf`, `fff`, ...) stands for; `nil` for anything else
  /// (`sfz`, `fp`: accents and changes within a note, not a level).
  static func velocity(ofMark mark: String) -> Int? {
    velocities.first { $0.mark == mark }?.velocity
  }

  /// MusicXML's forte, the velocity 100 percent stands for.
  static let forte = Rational(90)

  /// The velocity of `percent` of forte: rounded half up, held to 1...127 (0 percent is the
  /// quietest note, not silence).
  static func velocity(ofPercent percent: Rational) -> Int {
    guard let scaled = percent.multiplied(by: forte), let hundredths = Rational(1, 100),
      let value = scaled.multiplied(by: hundredths)?.roundedHalfUp(scale: 1)
    else { return percent > .zero ? 127 : 1 }
    return Int(max(1, min(127, value)))
  }
}
