/// Dynamics marks as MIDI velocities: one table for every notation read (ABC's `!mf!`, and
/// MusicXML's `<mf/>` when it comes), the common sequencer scale of 16 a step from `ppp` 16 to
/// `fff` 127. A mark holds for the notes after it in its voice, up to the next mark.
package enum Dynamics {
  /// The velocity of notes before any mark: mezzo-forte.
  package static let defaultVelocity = 80

  /// Each mark and its velocity (1 to 127).
  package static let velocities: [(mark: String, velocity: Int)] = [
    ("pppp", 8), ("ppp", 16), ("pp", 32), ("p", 48), ("mp", 64), ("mf", 80), ("f", 96),
    ("ff", 112), ("fff", 127), ("ffff", 127),
  ]

  /// The velocity `mark` (`p`, `mf`, `fff`, ...) stands for; `nil` for anything else.
  package static func velocity(of mark: String) -> Int? {
    velocities.first { $0.mark == mark }?.velocity
  }
}
