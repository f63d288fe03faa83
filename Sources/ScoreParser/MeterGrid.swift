/// Walks a score's beat grid in notes of its meter's value (a quarter in 4/4, an eighth in
/// 6/8) from time 0 until `end`, giving each note's end time and whether a bar starts there:
/// every `numerator` notes, and where a meter is set. 4/4 until the first meter; a tempo or
/// meter set between notes takes effect from the next one. What speaks of bars (a ringtone's
/// cut, a picture's bar lines) asks this one walk. Stops after `maximumNotes` notes.
public func walkMeterGrid(
  tempos: [TempoChange], meters: [MeterChange], through end: Rational,
  maximumNotes: Int = 1_000_000, _ visit: (_ time: Rational, _ startsBar: Bool) -> Void
) {
  var changes = tempos.isEmpty ? [TempoChange(time: .zero, beatsPerMinute: Rational(120))] : tempos
  if changes[0].time > .zero {
    changes.insert(TempoChange(time: .zero, beatsPerMinute: Rational(120)), at: 0)
  }
  var meter = MeterChange(time: .zero, numerator: 4, denominator: 4)
  var nextMeter = 0
  var tempo = 0
  var time = Rational.zero
  var notes = 0
  for _ in 0..<maximumNotes {
    while nextMeter < meters.count, !(time < meters[nextMeter].time) {
      meter = meters[nextMeter]
      nextMeter += 1
      notes = 0
    }
    while tempo + 1 < changes.count, !(time < changes[tempo + 1].time) { tempo += 1 }
    // One note of the meter's value, the tempo's beat being a quarter note.
    guard let beat = Rational(60).divided(by: changes[tempo].beatsPerMinute),
      let note = beat.multiplied(by: Rational(4, Int64(meter.denominator)) ?? .one),
      let next = time.adding(note), !(end < next)
    else { return }
    time = next
    notes += 1
    let meterStarts = nextMeter < meters.count && !(time < meters[nextMeter].time)
    visit(time, notes % meter.numerator == 0 || meterStarts)
  }
}
