import ScoreParser

/// MusicXML's dynamics as MIDI velocities: its marks (the elements inside `<dynamics>`) by
/// the one table of every notation (`Dynamics`), its numbers (`<sound dynamics>`, a note's
/// `dynamics` attribute) as percent of forte's velocity, 90.
enum MusicXMLDynamics {
  /// The velocity of notes before any mark: mezzo-forte, as in ABC.
  static let defaultVelocity = Dynamics.defaultVelocity

  /// The velocity `mark` (`p`, `mf`, `fff`, ...) stands for; `nil` for anything else
  /// (`sfz`, `fp`: accents and changes within a note, not a level).
  static func velocity(ofMark mark: String) -> Int? {
    Dynamics.velocity(of: mark)
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
