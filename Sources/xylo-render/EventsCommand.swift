import CommandLineOptions
import Rendering
import ScoreParser

/// `xylo-render events SCORE [--rate HZ]`: prints the resolved taps as CSV, in render order.
enum EventsCommand {
  static let command = Command(
    name: "events",
    options: LimitOptions.specs + BankOption.specs + MIDIInputOptions.specs + [
      OptionSpec("--rate", takesValue: true)
    ],
    usage: Help.eventsUsage, help: Help.events, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    var options: ParseOptions
    let rate: Int
    let bankOption: BankOption
    let midi: MIDIChoices
    do throws(UsageError) {
      try arguments.requirePositionals(["SCORE"], command: "events")
      options = try LimitOptions.parse(arguments)
      midi = try MIDIInputOptions.parse(arguments)
      bankOption = try BankOption(arguments)
      rate =
        try arguments.wholeNumber("--rate", in: RenderSettings.Limits.rates, unit: "hertz")
        ?? 48_000
    } catch {
      console.error(usageError: error.message, usage: Help.eventsUsage)
      return .usage
    }
    guard let bank = bankOption.open(console: console) else { return .failure }
    options.keys = bank.titles
    let path = arguments.positionals[0]
    let loaded: LoadedScore
    do {
      loaded = try loadScore(at: path, options: options, midi: midi)
    } catch {
      console.report(error)
      return .failure
    }
    let placed: [ScheduledTap]
    do {
      placed = try schedule(loaded.score, rate: Int64(rate))
    } catch {
      console.error("\(displayPath(path)): cannot place taps at \(rate) Hz: frame overflow")
      return .failure
    }
    for note in loaded.notes { console.note("\(displayPath(path)): \(note)") }
    // For MIDI, a tap's place in the file is its track.
    console.out("frame,seconds,key,gain,\(loaded.isMIDI ? "track" : "line")")
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
