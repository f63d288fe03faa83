import CommandLineOptions
import Rendering
import ScoreParser

/// `--max-taps` and `--max-duration`, shared by every command that reads scores.
enum LimitOptions {
  static let specs = [
    OptionSpec("--max-taps", takesValue: true),
    OptionSpec("--max-duration", takesValue: true),
  ]

  static let help = """
      --max-taps N            Refuse a score that expands to more than N taps
                              (default: 10000000)
      --max-duration SECONDS  Refuse a score that runs past this time (default: 86400)
    """

  /// The parse limits the command line gives; the caller adds the bank's titles.
  static func parse(_ arguments: ParsedArguments) throws(UsageError) -> ParseOptions {
    var options = ParseOptions()
    if let taps = try arguments.wholeNumber("--max-taps", in: 1...Int(Int32.max)) {
      options.maxTaps = taps
    }
    if let seconds = try arguments.duration("--max-duration", positive: true) {
      options.maxDuration = seconds
    }
    return options
  }
}

/// `--polyphony` and `--cut-fade`: how voices are planned, for `render` and for `compare
/// --score`, which must plan them as the render did.
enum VoiceOptions {
  static let specs = [
    OptionSpec("--polyphony", takesValue: true),
    OptionSpec("--cut-fade", takesValue: true),
  ]

  static let help = """
      --polyphony N           At most N voices sound; a new tap stops the oldest
                              (default: 256; 1: each tap stops the one before, as in the app)
      --cut-fade MS           A stopped voice fades out over MS milliseconds (default: 0)
    """

  /// The polyphony limit and the cut fade in seconds.
  static func parse(_ arguments: ParsedArguments) throws(UsageError) -> (Int?, Rational) {
    var choices = SoundChoices()
    try SoundOptions.apply(arguments, to: &choices)
    return (choices.settings.polyphony, choices.settings.cutFade)
  }
}
