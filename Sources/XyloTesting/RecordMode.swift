import Platform

/// When a golden check writes the golden instead of only comparing with it.
public enum GoldenRecordMode: String, CaseIterable, Sendable {
  /// Writes a golden that does not exist yet (and passes); compares with one that does.
  case missing
  /// Writes every golden, whatever it held, and passes: after a deliberate change of sound.
  case all
  /// Never writes: a missing golden fails. For CI.
  case never
  /// Writes the golden of a check that fails, and still fails it, so the change is seen once.
  case failed

  /// The environment variable that chooses the mode for every check that names none.
  public static let environmentVariable = "XYLO_GOLDEN_RECORD"

  /// The mode `XYLO_GOLDEN_RECORD` names; without it `never` under CI (`CI` set to anything
  /// but `false` or `0`, as CI services set it) and `missing` elsewhere. Nil for a value that
  /// names no mode.
  public static func fromEnvironment() -> GoldenRecordMode? {
    if let named = Environment.value(environmentVariable), !named.isEmpty {
      return GoldenRecordMode(rawValue: named)
    }
    let ci = Environment.value("CI") ?? ""
    return ci.isEmpty || ci == "false" || ci == "0" ? .missing : .never
  }
}
