import ScoreParser

/// When grace notes sound: a grace note has no length of its own, so a group of them takes its
/// time from the note before its principal note. Each lasts 1/16 of a quarter note and the
/// last ends where the principal note starts; when the note before is too short for them, they
/// share its length evenly, so none sounds before the previous onset (the group may then
/// sound with the principal note, at the very start of a voice).
package enum GraceTiming {
  /// The length each grace note takes, in quarter notes.
  package static let length = Rational(1, 16) ?? .zero

  /// The onsets, in quarter notes, of `count` grace notes before a principal note at
  /// `principal`, where the voice's previous note or rest started at `previous` (`nil`: none).
  package static func onsets(count: Int, principal: Rational, previous: Rational?) -> [Rational] {
    guard count > 0 else { return [] }
    let room = max(.zero, principal.subtracting(previous ?? .zero) ?? .zero)
    let shared = room.divided(by: Rational(Int64(count))) ?? .zero
    let step = min(length, shared)
    return (0..<count).map { index in
      let before = step.multiplied(by: Rational(Int64(count - index))) ?? .zero
      return principal.subtracting(before) ?? principal
    }
  }
}
