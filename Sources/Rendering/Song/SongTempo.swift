import Platform
import ScoreParser
import Settings

extension Song {
  /// Plays the song faster or slower (`--tempo`, `--speed`): every time, tempo and meter change
  /// divided by one exact factor, so each tap still lands on an exact frame and later tempo
  /// changes keep their proportion to the first. `limit` bounds the song's new length.
  public mutating func changeTempo(
    _ choice: TempoChoice, limit: Rational = ParseOptions.defaultMaxDuration
  ) throws(RenderError) {
    score = try retimed(score, choice, limit: limit)
  }
}

/// `score` played as `choice` asks (`Song.changeTempo(_:limit:)`), for what reads a score
/// without making a song of it (`convert`).
package func retimed(_ score: Score, _ choice: TempoChoice, limit: Rational) throws(RenderError)
  -> Score
{
  let speed = try speedFactor(choice, firstTempo: score.tempoChanges.first?.beatsPerMinute)
  guard speed != .one else { return score }
  let overflow = RenderError.invalidSetting(
    "the song's times overflow exact arithmetic at \(speed.decimalString(places: 4)) times its speed"
  )
  func scaled(_ time: Rational) throws(RenderError) -> Rational {
    guard let value = time.divided(by: speed) else { throw overflow }
    return value
  }
  var retimed = score
  retimed.duration = try scaled(score.duration)
  guard retimed.duration <= limit else {
    throw .invalidSetting(
      "at \(speed.decimalString(places: 4)) times its speed the song lasts \(timeText(retimed.duration)), past the limit of \(timeText(limit)) (see --max-duration)"
    )
  }
  for index in retimed.taps.indices {
    retimed.taps[index].time = try scaled(retimed.taps[index].time)
  }
  for index in retimed.tempoChanges.indices {
    retimed.tempoChanges[index].time = try scaled(retimed.tempoChanges[index].time)
    guard let faster = retimed.tempoChanges[index].beatsPerMinute.multiplied(by: speed) else {
      throw overflow
    }
    retimed.tempoChanges[index].beatsPerMinute = faster
  }
  if retimed.tempoChanges.isEmpty, case .tempo(let beatsPerMinute) = choice {
    // The tempo asked for stands at the start, as the song's own would have.
    retimed.tempoChanges = [TempoChange(time: .zero, beatsPerMinute: beatsPerMinute)]
  }
  for index in retimed.meterChanges.indices {
    retimed.meterChanges[index].time = try scaled(retimed.meterChanges[index].time)
  }
  return retimed
}

/// The factor every time is divided by: `choice`'s, for a song whose first tempo is
/// `firstTempo` (120 beats a minute when it sets none).
package func speedFactor(_ choice: TempoChoice, firstTempo: Rational?) throws(RenderError)
  -> Rational
{
  let first = firstTempo ?? Rational(120)
  guard let speed = choice.speed(firstTempo: first), speed > .zero else {
    throw .invalidSetting("--tempo cannot be reached from the song's tempo of \(first)")
  }
  return speed
}
