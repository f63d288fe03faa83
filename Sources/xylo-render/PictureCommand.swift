import CommandLineOptions
import Platform
import Rendering
import ScoreParser

/// `xylo-render picture SCORE -o score.png|score.svg`: the score as a piano roll.
enum PictureCommand {
  static let command = Command(
    name: "picture",
    options: LimitOptions.specs + BankOption.specs + MIDIInputOptions.specs + [
      OptionSpec("--output", alias: "-o", takesValue: true),
      OptionSpec("--size", takesValue: true),
      OptionSpec("--title", takesValue: true),
      OptionSpec("--beats-per-bar", takesValue: true),
      OptionSpec("--quiet", takesValue: false),
    ], usage: Help.pictureUsage, help: Help.picture, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    let scorePath: String
    let output: String
    var options: ParseOptions
    let midi: MIDIChoices
    let bankOption: BankOption
    var size: (Int, Int)?
    let beatsPerBar: Int?
    do throws(UsageError) {
      try arguments.requirePositionals(["SCORE"], command: "picture")
      scorePath = arguments.positionals[0]
      guard let path = arguments.values["--output"], !path.isEmpty, path != "-" else {
        throw UsageError("missing -o OUT (a .png or .svg file)")
      }
      output = path
      if let text = arguments.values["--size"] {
        size = try SizeOption.parse(text, example: "1600x400")
      }
      beatsPerBar = try arguments.wholeNumber("--beats-per-bar", in: 1...64, unit: "beats")
      options = try LimitOptions.parse(arguments)
      midi = try MIDIInputOptions.parse(arguments)
      bankOption = try BankOption(arguments)
    } catch {
      console.error(usageError: error.message, usage: Help.pictureUsage)
      return .usage
    }
    guard let bank = bankOption.open(console: console) else { return .failure }
    options.keys = bank.titles
    do throws(RenderError) {
      let loaded = try loadScore(at: scorePath, options: options, midi: midi)
      let quiet = arguments.has("--quiet")
      if !quiet {
        for note in loaded.notes { console.note("\(displayPath(scorePath)): \(note)") }
      }
      try drawScorePicture(
        loaded.score, title: arguments.values["--title"], beatsPerBar: beatsPerBar, to: output,
        width: size?.0, height: size?.1, scorePath: scorePath)
      if !quiet {
        let taps = loaded.score.taps.count
        console.err(
          "wrote \(quote(output, limit: displayedPathLength)): \(taps) \(taps == 1 ? "tap" : "taps"), \(loaded.score.duration.decimalString(places: 3)) s"
        )
      }
      return .success
    } catch {
      console.report(error)
      return .failure
    }
  }
}
