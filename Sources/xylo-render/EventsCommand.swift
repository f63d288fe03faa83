import Mixer
import ScoreParser

/// `xylo-render events SCORE [--rate HZ]`: prints the resolved taps as CSV, in render order.
enum EventsCommand {
  static let command = Command(
    name: "events",
    options: LimitOptions.specs + BankOption.specs + [OptionSpec(name: "--rate", takesValue: true)],
    usage: Help.eventsUsage, help: Help.events, run: run)

  static let maximumRate: Int64 = 1_000_000

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    var options: ParseOptions
    var rate: Int64 = 48_000
    do throws(UsageError) {
      guard arguments.positionals.count == 1 else {
        throw UsageError(
          message: arguments.positionals.isEmpty
            ? "missing SCORE" : "events takes one SCORE, got \(arguments.positionals.count)")
      }
      options = try LimitOptions.parseOptions(arguments)
      if let text = arguments.values["--rate"] {
        guard let value = Int64(text), (1...maximumRate).contains(value) else {
          throw UsageError(
            message:
              "--rate needs a whole number of hertz from 1 to \(maximumRate), got \(quote(text))")
        }
        rate = value
      }
    } catch {
      console.error(usageError: error.message, usage: Help.eventsUsage)
      return .usage
    }
    guard let titles = BankOption.titles(arguments, console: console) else { return .failure }
    options.keys = titles
    guard let file = ScoreFile.load(arguments.positionals[0], options: options, console: console),
      let score = file.report(to: console)
    else { return .failure }
    let placed: [ScheduledTap]
    do {
      placed = try schedule(score, rate: rate)
    } catch {
      console.error("\(file.displayPath): cannot place taps at \(rate) Hz: frame overflow")
      return .failure
    }
    console.out("frame,seconds,key,gain,line")
    for item in placed {
      let tap = item.tap
      console.out(
        "\(item.frame),\(tap.time.decimalString(places: 6)),\(tap.key),\(formatGain(tap.gain)),\(tap.line)"
      )
    }
    return .success
  }

  /// The shortest decimal that reads back as the gain: `1`, `0.5`, `0.3333333333333333`.
  static func formatGain(_ gain: Double) -> String {
    if gain == gain.rounded(), abs(gain) < 1e15 { return String(Int64(gain)) }
    return gain.description
  }
}
