import Rendering

/// `xylo-render events SCORE [--rate HZ]`: prints the resolved taps as CSV, in render order.
enum EventsCommand {
  static let command = Command(
    name: "events", overview: "Print the resolved taps of a score as CSV, in render order.",
    synopsis: [
      "xylo-render events [--rate HZ] [--exact] [--start TIME] [--end TIME] [--bank DIR] [--max-taps N] [--max-duration SECONDS] SCORE"
    ],
    about: """
      Columns: frame,seconds,key,gain,line (track for a MIDI file). A tap at time t lands on
      frame floor(t*rate + 1/2); seconds are exact, rounded to 6 decimals (--exact: as a
      fraction); rows are ordered by frame, then by text order. With --start or --end, the
      taps of that part as render, ringtone and video play it, timed from its start.
      """,
    arguments: [CommonOptions.scoreArgument],
    operands: [.files(extensions: CommonOptions.songExtensions)],
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          OptionSpec(
            "--rate", value: "HZ",
            help:
              "Frames per second for the frame column (default: the score's options, else 48000)"),
          OptionSpec("--exact", help: "Print seconds as exact fractions (7/3) instead of decimals"),
        ] + SoundOptions.bankSpecs + MIDIInputOptions.specs + LimitOptions.specs),
      OptionSection(title: "PART", options: ExcerptOptions.specs),
    ],
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    let reading: ScoreReading
    do throws(OptionError) {
      try arguments.requirePositionals(["SCORE"], command: "events")
      reading = try ScoreReading(arguments)
    } catch {
      console.error(usageError: error.message, usage: command.usage)
      return .usage
    }
    let path = arguments.positionals[0]
    let song: Song
    do {
      song = try reading.song(at: path)
    } catch {
      console.report(error)
      return .failure
    }
    let rate = song.options.rate ?? 48_000
    let placed: [ScheduledTap]
    do {
      placed = try schedule(song.score, rate: Int64(rate))
    } catch {
      console.error("\(displayPath(path)): cannot place taps at \(rate) Hz: frame overflow")
      return .failure
    }
    console.reportReading(song, path: path)
    // For MIDI, a tap's place in the file is its track.
    console.out("frame,seconds,key,gain,\(song.isMIDI ? "track" : "line")")
    let exact = arguments.has("--exact")
    for item in placed {
      let tap = item.tap
      let seconds = exact ? tap.time.description : tap.time.decimalString(places: 6)
      console.out(
        "\(item.frame),\(seconds),\(tap.key),\(formatGain(tap.gain)),\(tap.line)")
    }
    return .success
  }

  /// The shortest decimal that reads back as the gain: `1`, `0.5`, `0.3333333333333333`.
  static func formatGain(_ gain: Double) -> String {
    if gain == gain.rounded(), abs(gain) < 1e15 { return String(Int64(gain)) }
    return gain.description
  }
}
