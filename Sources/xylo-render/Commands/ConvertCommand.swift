import Exports
import Rendering
import ScoreParser

/// `xylo-render convert IN -o OUT`: a MIDI, MusicXML or ABC file to a score, or a score to a
/// MIDI or MusicXML file.
enum ConvertCommand {
  static let command = Command(
    name: "convert",
    overview: "Convert MIDI, MusicXML or ABC to a score, or a score to MIDI or MusicXML.",
    synopsis: ["xylo-render convert IN -o OUT [options]"],
    about: """
      A MIDI file (.mid, .midi), MusicXML (.musicxml, .xml, .mxl) or ABC (.abc) becomes a score
      (.xylo) whose taps are exactly the file's: a tempo line where the tempo changes, a meter
      line where the meter does, lengths in beats as exact fractions, chords joined with '+',
      one bar per line. A score becomes a format 1 MIDI file at 960 ticks a quarter, gain as
      velocity: exact where a tempo is a whole number of microseconds a beat, otherwise within
      half a millisecond; or MusicXML (.musicxml, .xml) for notation programs: its voices as
      parts, its taps as notes at their exact beats (tied over bar lines), its meters and
      tempos. Keys are matched to the bank's as 'render' matches them.
      """,
    arguments: [("IN", "A MIDI, MusicXML or ABC file, or a score; '-' reads standard input")],
    operands: [.files(extensions: CommonOptions.songExtensions)],
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          OptionSpec(
            "--output", alias: "-o", value: "OUT",
            help: "The file to write (.xylo, .mid or .musicxml), '-' for standard output")
        ] + SoundOptions.bankSpecs + MIDIInputOptions.specs + LimitOptions.specs + [
          CommonOptions.quiet
        ])
    ],
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    var options: ParseOptions
    let midi: MIDIChoices
    let bankOption: BankOption
    let output: String
    do throws(OptionError) {
      try arguments.requirePositionals(["IN"], command: "convert")
      guard let path = arguments.values["--output"], !path.isEmpty else {
        throw OptionError("missing -o OUT (a .xylo score, a .mid or .musicxml file, or '-')")
      }
      guard path == "-" || ConversionOutput(path: path) != nil else {
        throw OptionError(
          "convert writes a score (.xylo), a MIDI file (.mid) or MusicXML (.musicxml): name it so, not \(quote(path))"
        )
      }
      output = path
      options = try LimitOptions.parse(arguments)
      midi = try MIDIInputOptions.parse(arguments)
      bankOption = try BankOption(arguments)
    } catch {
      console.error(usageError: error.message, usage: command.usage)
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
      // What the command line asks is impossible for this input (a MIDI file to -o x.mid, a
      // --tempo past exact arithmetic): a command-line mistake, as a wrong name is.
      if case .invalidSetting = error { return .usage }
      return .failure
    }
  }
}
