import CommandLineOptions
import Rendering
import ScoreParser

/// `xylo-render convert IN -o OUT`: a MIDI file to a score, or a score to a MIDI file.
enum ConvertCommand {
  static let command = Command(
    name: "convert",
    options: LimitOptions.specs + BankOption.specs + MIDIInputOptions.specs + [
      OptionSpec("--output", alias: "-o", takesValue: true),
      OptionSpec("--quiet", takesValue: false),
    ], usage: Help.convertUsage, help: Help.convert, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    var options: ParseOptions
    let midi: MIDIChoices
    let bankOption: BankOption
    let output: String
    do throws(UsageError) {
      try arguments.requirePositionals(["IN"], command: "convert")
      guard let path = arguments.values["--output"], !path.isEmpty else {
        throw UsageError("missing -o OUT (a .xylo score or a .mid file, or '-')")
      }
      output = path
      options = try LimitOptions.parse(arguments)
      midi = try MIDIInputOptions.parse(arguments)
      bankOption = try BankOption(arguments)
    } catch {
      console.error(usageError: error.message, usage: Help.convertUsage)
      return .usage
    }
    guard let bank = bankOption.open(console: console) else { return .failure }
    options.keys = bank.titles
    let input = arguments.positionals[0]
    do {
      let summary = try convert(
        input, to: Destination(output), options: options, midi: midi)
      if !arguments.has("--quiet") {
        for note in summary.notes { console.note("\(displayPath(input)): \(note)") }
        let kind = summary.wroteMIDI ? "MIDI file" : "score"
        console.err(
          "wrote \(Destination(output).displayName): a \(kind) of \(summary.taps) \(summary.taps == 1 ? "tap" : "taps")"
        )
      }
      return .success
    } catch {
      console.report(error)
      return .failure
    }
  }
}
