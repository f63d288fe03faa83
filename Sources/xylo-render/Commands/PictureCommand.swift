import Exports
import Platform
import Rendering

/// `xylo-render picture SCORE -o score.png|score.svg`: the score as a piano roll.
enum PictureCommand {
  static let command = Command(
    name: "picture", overview: "Draw a score as a piano roll.",
    synopsis: ["xylo-render picture SCORE -o OUT.png|OUT.svg [options]"],
    about: """
      Time runs across, the keys up the side in the app's colours (lowest at the bottom), a
      mark per tap at its exact time, its size growing with its gain; beats (or bars) and
      seconds are marked, the title is on top. SVG holds one vector shape per tap; PNG is
      drawn by Cairo. The same score gives the same bytes.
      """,
    arguments: [CommonOptions.scoreArgument],
    operands: [.files(extensions: CommonOptions.songExtensions)],
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          OptionSpec(
            "--output", alias: "-o", value: "OUT",
            help: "The picture: .png or .svg. It appears only when complete."),
          OptionSpec(
            "--size", value: "WxH",
            help: "Size in pixels (default: wider for longer songs, taller for more keys)"),
          OptionSpec("--title", value: "TEXT", help: "The title on top (default: the score's)"),
          OptionSpec(
            "--beats-per-bar", value: "N", help: "Draw a line every N beats instead of every beat"),
        ] + SoundOptions.bankSpecs),
      OptionSection(title: "MIDI INPUT", options: MIDIInputOptions.specs),
      OptionSection(
        title: "LIMITS AND MESSAGES", options: LimitOptions.specs + [CommonOptions.quiet]),
    ],
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    let scorePath: String
    let output: String
    let reading: ScoreReading
    var size: (Int, Int)?
    let beatsPerBar: Int?
    do throws(OptionError) {
      try arguments.requirePositionals(["SCORE"], command: "picture")
      scorePath = arguments.positionals[0]
      guard let path = arguments.values["--output"], !path.isEmpty else {
        throw OptionError("missing -o OUT (a .png or .svg file)")
      }
      guard path != "-" else {
        throw OptionError("picture writes a file, not standard output: name it OUT.png or OUT.svg")
      }
      guard namesScorePicture(path) else {
        throw OptionError(
          "a picture is a PNG or an SVG file: name it .png or .svg, not \(quote(path))")
      }
      output = path
      if let text = arguments.values["--size"] {
        size = try SizeOption.parse(text, example: "1600x400")
      }
      beatsPerBar = try arguments.wholeNumber("--beats-per-bar", in: 1...64, unit: "beats")
      reading = try ScoreReading(arguments)
    } catch {
      console.error(usageError: error.message, usage: command.usage)
      return .usage
    }
    do throws(RenderError) {
      let song = try reading.song(at: scorePath)
      let quiet = arguments.has("--quiet")
      if !quiet {
        console.reportReading(song, path: scorePath)
      }
      try drawScorePicture(
        song.score, title: arguments.values["--title"], beatsPerBar: beatsPerBar, to: output,
        width: size?.0, height: size?.1, scorePath: scorePath)
      if !quiet {
        let taps = song.score.taps.count
        console.err(
          "wrote \(quote(output, limit: displayedPathLength)): \(taps) \(taps == 1 ? "tap" : "taps"), \(timeText(song.score.duration))"
        )
      }
      return .success
    } catch {
      console.report(error)
      return .failure
    }
  }
}
