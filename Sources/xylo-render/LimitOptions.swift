import ScoreParser

/// The options every score-reading command shares: the limits on taps and duration.
enum LimitOptions {
  static let specs = [
    OptionSpec(name: "--max-taps", takesValue: true),
    OptionSpec(name: "--max-duration", takesValue: true),
  ]

  static let help = """
      --max-taps N            Refuse a score that expands to more than N taps
                              (default: 10000000)
      --max-duration SECONDS  Refuse a score that runs past this time (default: 86400)
    """

  /// The parse options for the built-in bank's titles and the limits given on the command line.
  static func parseOptions(_ arguments: ParsedArguments) throws(UsageError) -> ParseOptions {
    _ = try BankOption.sampleSeconds(arguments)  // checked with the other options
    var options = ParseOptions()  // the caller sets the bank's titles
    if let text = arguments.values["--max-taps"] {
      guard let value = Int(text), value >= 1, value <= Int(Int32.max) else {
        throw UsageError(
          message: "--max-taps needs a whole number from 1 to \(Int32.max), got \(quote(text))")
      }
      options.maxTaps = value
    }
    if let text = arguments.values["--max-duration"] {
      guard let value = Rational(parsing: text), value > .zero else {
        throw UsageError(
          message: "--max-duration needs a positive number of seconds, got \(quote(text))")
      }
      options.maxDuration = value
    }
    return options
  }
}
