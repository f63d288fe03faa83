/// A tap's strength as a MIDI velocity, 1 to 127: what picks a strike layer, in the built-in
/// bank and in an SFZ instrument alike, so one exported as the other chooses the same layers.
/// The tap's gain, not the velocity, still sets its level.
public enum TapVelocity {
  /// `127 × gain` rounded to the nearest whole number, at least 1 and at most 127: a gain of 1
  /// or more is 127, 0.5 is 64, 0.01 is 1.
  public static func of(gain: Double) -> Int {
    guard gain < 1 else { return 127 }
    guard gain > 0 else { return 1 }
    return min(127, max(1, Int((gain * 127).rounded())))
  }
}
