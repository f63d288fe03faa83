import AudioBasics

/// When the stage's effects happen and how they ease, from a moment's picture numbers alone.
enum StageTiming {
  /// How far through its glow a tap is in `moment`, from 0 (the picture holding the tap) toward
  /// 1; `nil` when the tap is still to come or its bar is no longer dimmed. The glow spans the
  /// dim: 0.2 s and the picture the tap falls in, so it lasts exactly while the bar is dimmed.
  static func glowProgress(
    of strike: InstrumentMoment.Strike, in moment: InstrumentMoment
  ) -> Double? {
    let elapsed = moment.picture - strike.picture
    guard elapsed >= 0, moment.dimmed[strike.bar] else { return nil }
    let (numerator, denominator) = KeyboardLook.dimSeconds
    let span = Double(moment.framesPerSecond * numerator) / Double(denominator) + 1
    let progress = Double(elapsed) / span
    return progress < 1 ? progress : nil
  }

  /// A fade from 1 to 0 that leaves smoothly: (1 − u)².
  static func fade(_ progress: Double) -> Double {
    (1 - progress) * (1 - progress)
  }

  /// A movement that starts fast and settles: 1 − (1 − u)³.
  static func easeOut(_ progress: Double) -> Double {
    let rest = 1 - progress
    return 1 - rest * rest * rest
  }

  /// sin(2π (t / period + phase)), the same bits on every machine (`ExactMath`), for slow
  /// motions that repeat every `period` seconds.
  static func wave(_ seconds: Double, period: Double, phase: Double) -> Double {
    let turns = seconds / period + phase
    // sin(2π f) = −sin(2π (f − 1/2)), with the angle reduced to [−π, π).
    return -ExactMath.sin(2 * Double.pi * (turns - turns.rounded(.down) - 0.5))
  }
}
