/// The exact position in beats (quarter notes) of `time`, in seconds, on a score's tempo map:
/// the inverse of how the score times its taps. 120 beats a minute hold until the first
/// change, as in the score; `nil` on overflow or for tempos whose times go back.
public func beatPosition(of time: Rational, tempos: [TempoChange]) -> Rational? {
  var beats = Rational.zero
  var start = Rational.zero
  var beatsPerMinute = Rational(120)
  for change in tempos where change.time < time {
    guard !(change.time < start),
      let elapsed = change.time.subtracting(start)?.multiplied(by: beatsPerMinute)?.divided(
        by: Rational(60)),
      let sum = beats.adding(elapsed)
    else { return nil }
    beats = sum
    start = change.time
    beatsPerMinute = change.beatsPerMinute
  }
  guard
    let elapsed = time.subtracting(start)?.multiplied(by: beatsPerMinute)?.divided(
      by: Rational(60))
  else { return nil }
  return beats.adding(elapsed)
}
