import Rendering

/// `xylo-render check SCORE...`: validates scores and prints a summary line for each.
enum CheckCommand {
  static let command = Command(
    name: "check", overview: "Validate scores and print one summary line for each.",
    synopsis: ["xylo-render check [--bank DIR] [--max-taps N] [--max-duration SECONDS] SCORE..."],
    arguments: [CommonOptions.scoreArgument],
    operands: [.files(extensions: CommonOptions.songExtensions)],
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: SoundOptions.bankSpecs + MIDIInputOptions.specs + LimitOptions.specs)
    ],
    footer: """
      Each score is read as 'render' reads it, its own 'options' line included. Errors are
      printed as FILE:LINE:COLUMN: error: MESSAGE, all of a file at once.
      Exit status: 0 when every score is valid, 1 when any has an error, 64 a bad command line.
      """,
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    let reading: ScoreReading
    do throws(OptionError) {
      guard !arguments.positionals.isEmpty else { throw OptionError("missing SCORE") }
      reading = try ScoreReading(arguments)
    } catch {
      console.error(usageError: error.message, usage: command.usage)
      return .usage
    }
    var status = ExitStatus.success
    for path in arguments.positionals {
      do {
        let song = try reading.song(at: path)
        console.reportReading(song, path: path)
        console.out(summary(of: song.score, path: shown(path)))
      } catch {
        console.report(error)
        status = .failure
      }
    }
    return status
  }

  /// `PATH: 42 taps, 6 keys, 25.200 s`.
  static func summary(of score: Score, path: String) -> String {
    let taps = score.taps.count
    let keys = score.keys.count
    return
      "\(path): \(taps) \(taps == 1 ? "tap" : "taps"), \(keys) \(keys == 1 ? "key" : "keys"), \(timeText(score.duration))"
  }
}

/// How the commands that read a score without rendering it (`check`, `events`, `picture`) read
/// it: as `render` does, the score's `options` line included, with the bank, MIDI and limit
/// options of the command line.
struct ScoreReading {
  var sound: SoundOptions
  var limits: ParseOptions
  var midi: MIDIChoices
  /// `--start` and `--end`, for the commands that declare them; the whole song otherwise.
  var excerpt: Excerpt

  init(_ arguments: ParsedOptions) throws(OptionError) {
    sound = try SoundOptions(reading: arguments)
    limits = try LimitOptions.parse(arguments)
    try sound.checkLengths(limit: limits.maxDuration)
    midi = try MIDIInputOptions.parse(arguments)
    excerpt = try ExcerptOptions.parse(arguments)
  }

  /// The song at `path`; one read `toRender` opens its bank loading ahead (`PreloadingBank`).
  func song(at path: String, toRender: Bool = false) throws(RenderError) -> Song {
    var song = try Song(
      file: path, options: sound, limits: limits, midi: midi,
      openBank: toRender ? QuietBank.preloadingOpener : QuietBank.opener)
    try song.select(excerpt)
    return song
  }
}
