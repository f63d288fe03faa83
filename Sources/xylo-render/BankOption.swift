import SampleBank

/// `--bank DIR`, shared by every command that reads keys.
enum BankOption {
  static let specs = [
    OptionSpec(name: "--bank", takesValue: true),
    OptionSpec(name: "--max-sample-seconds", takesValue: true),
  ]

  static let help = """
      --bank DIR              Take key samples from DIR/<title>.<ext> (wav, flac, aiff, ...)
      --max-sample-seconds S  Refuse bank samples longer than S seconds (default: 600)
    """

  static func path(_ arguments: ParsedArguments) -> String? { arguments.values["--bank"] }

  /// The key titles scores are checked against: the named bank's, or the built-in ones.
  /// `nil` after printing why when the named bank cannot be opened.
  static func titles(_ arguments: ParsedArguments, console: Console) -> [String]? {
    open(arguments, console: console)?.titles
  }

  /// The bank `arguments` name, with their sample-length limit; `nil` after printing why.
  static func open(_ arguments: ParsedArguments, console: Console) -> (any SampleBank)? {
    let seconds = (try? sampleSeconds(arguments)) ?? SampleLimits.defaultMaximumSeconds
    return open(path(arguments), maximumSampleSeconds: seconds, console: console)
  }

  /// `--max-sample-seconds`, checked; commands call this with the rest of their options so
  /// that a bad value is a bad command line (exit 64).
  static func sampleSeconds(_ arguments: ParsedArguments) throws(UsageError) -> Int {
    guard let text = arguments.values["--max-sample-seconds"] else {
      return SampleLimits.defaultMaximumSeconds
    }
    guard let value = Int(text), value >= 1, value <= 86_400 else {
      throw UsageError(
        message: "--max-sample-seconds needs a whole number from 1 to 86400, got '\(text)'")
    }
    return value
  }

  /// The bank the command line names (the built-in one without `--bank`); `nil` after printing why when it cannot be opened.
  static func open(
    _ path: String?, maximumSampleSeconds: Int = SampleLimits.defaultMaximumSeconds,
    console: Console
  ) -> (any SampleBank)? {
    guard let path else { return BuiltInBank() }
    do {
      return try DirectoryBank(path: path, maximumSampleSeconds: maximumSampleSeconds)
    } catch {
      console.error(error.description)
      return nil
    }
  }
}
