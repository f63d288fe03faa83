import Exports
import MIDIFile
import Platform
import Rendering

/// `xylo-render ringtone SCORE -o OUT`: a phone's ringtone or alert from a score.
enum RingtoneCommand {
  static let command = Command(
    name: "ringtone", overview: "Make a phone's ringtone or alert from a score.",
    synopsis: ["xylo-render ringtone SCORE -o OUT [options]"],
    about: """
      A ringtone loops without a seam: the file is exactly one period of the song, and what
      still rings at its end sounds over its start, so the phone playing it on repeat plays the
      song on repeat. A song longer than the limit is cut at its last bar line before it. The
      level is a loudness target, -14 LUFS under a -1 dBTP true-peak ceiling by default: as
      loud as streamed music, with room for a phone's own limiter.
      """,
    arguments: [CommonOptions.scoreArgument],
    operands: [.files(extensions: CommonOptions.songExtensions)],
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          OptionSpec(
            "--output", alias: "-o", value: "OUT",
            help:
              "The file: .m4r (iPhone, AAC), .ogg (Android, marked to loop when it loops), .m4a, .mp3, .wav or .flac"
          ),
          OptionSpec(
            "--for", value: "PHONE",
            values: .choices(RingtoneSettings.Preset.allCases.map(\.rawValue)),
            help:
              "iphone or android (looping, at most 29.9 s) or notification (a one-shot alert, at most 5 s)"
          ),
          OptionSpec(
            "--no-loop", help: "A one-shot alert: the song as it rings out, faded if cut"),
          OptionSpec(
            "--seconds", value: "S",
            help: "The longest file, at most 40 (default: 29.9; some phones refuse 30 and over)"),
          OptionSpec("--loudness", value: "LUFS", help: "The loudness target (default: -14)"),
          OptionSpec("--true-peak", value: "DBTP", help: "Its true-peak ceiling (default: -1)"),
        ] + SoundOptions.formatSpecs + SoundOptions.bankSpecs + SoundOptions.instrumentSpecs
          + SoundOptions.voiceSpecs),
      OptionSection(title: "PART", options: ExcerptOptions.specs),
      OptionSection(title: "MIDI INPUT", options: MIDIInputOptions.specs),
      OptionSection(
        title: "LIMITS AND MESSAGES", options: LimitOptions.specs + [CommonOptions.quiet]),
    ],
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    let scorePath: String
    let file: RingtoneFile
    var reading: ScoreReading
    do throws(OptionError) {
      try arguments.requirePositionals(["SCORE"], command: "ringtone")
      scorePath = arguments.positionals[0]
      guard let path = arguments.values["--output"], !path.isEmpty else {
        throw OptionError("missing -o OUT (.m4r, .ogg, .mp3, .wav or .flac)")
      }
      let preset = try arguments.choice(
        "--for", of: RingtoneSettings.Preset.allCases.map(\.rawValue)
      ).flatMap(RingtoneSettings.Preset.init(rawValue:))
      file = try RingtoneFile(
        path: path, preset: preset, loops: arguments.has("--no-loop") ? false : nil,
        maximumSeconds: try arguments.duration("--seconds", positive: true))
      reading = try ScoreReading(arguments)
      // A ringtone of a band arrangement plays its tune, not every part folded together.
      reading.midi = reading.midi.forRingtone()
      for warning in file.warnings { console.warning(warning) }
      if reading.limits.maxDuration < file.settings.maximumSeconds {
        throw OptionError(
          SoundOptions.overLimit(
            "--seconds", file.settings.maximumSeconds, limit: reading.limits.maxDuration))
      }
      if file.settings.phoneFormat != nil { _ = try encoderRate(for: reading.sound.rate) }
    } catch {
      console.error(usageError: error.message, usage: command.usage)
      return .usage
    }
    do throws(RenderError) {
      let song = try reading.song(at: scorePath, toRender: true)
      if !arguments.has("--quiet") { console.reportReading(song, path: scorePath, notes: false) }
      let summary = try renderRingtone(song, as: file)
      if !arguments.has("--quiet") {
        if let melody = song.midiCounts?.melody {
          console.note(
            "the ringtone " + describe(melody, partNoun: song.notation == nil ? "track" : "part")
              + "; --parts all plays every part")
        }
        console.note(keptLine(summary, counts: song.midiCounts))
        report(summary, output: file.path, console: console)
      }
      return .success
    } catch {
      console.report(error)
      return .failure
    }
  }

  /// One line of what the ringtone plays of the song: kept, cut, dropped, folded, merged.
  static func keptLine(_ summary: RingtoneSummary, counts: MIDINoteCounts?) -> String {
    func count(_ number: Int, _ noun: String) -> String {
      "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
    var parts: [String] = []
    if let cut = summary.cutAt {
      parts.append(
        "\(summary.songTapCount - summary.keptTapCount) cut at the last bar line before the limit (\(timeText(cut)))"
      )
    }
    let counts = counts ?? MIDINoteCounts()
    if counts.drumsLeftOut > 0 {
      parts.append("\(count(counts.drumsLeftOut, "drum note")) left out (--drums keeps them)")
    }
    if counts.drumsKept > 0 {
      parts.append("\(count(counts.drumsKept, "drum note")) played as pitched keys (--drums)")
    }
    if counts.partsMoved > 0 {
      parts.append(
        "\(count(counts.partsMoved, "part")) moved by octaves as a piece into the bank's range")
    }
    if counts.folded > 0 {
      parts.append("\(count(counts.folded, "note")) folded by octaves into the bank's range")
    }
    if counts.leftOutOfRange > 0 {
      parts.append("\(count(counts.leftOutOfRange, "note")) out of range left out")
    }
    if counts.unplayable > 0 {
      parts.append("\(count(counts.unplayable, "note")) with no key at any octave left out")
    }
    if summary.mergedUnisons > 0 {
      parts.append("\(count(summary.mergedUnisons, "unison")) struck once")
    }
    let kept =
      summary.keptTapCount == summary.songTapCount
      ? "all \(count(summary.songTapCount, "tap"))"
      : "\(summary.keptTapCount) of \(count(summary.songTapCount, "tap"))"
    return "the ringtone plays \(kept)"
      + (parts.isEmpty ? "" : "; " + parts.joined(separator: "; "))
  }

  private static func report(_ summary: RingtoneSummary, output: String, console: Console) {
    if summary.codecReduction > 0, let loudness = summary.loudness {
      console.note(
        "the codec lifted the true peak over the ceiling: encoded again \(fixed(summary.codecReduction, places: 2)) dB quieter, \(fixed(loudness.truePeakDBTP, places: 2)) dBTP as decoded"
      )
    }
    if let loudness = summary.loudness { RenderCommand.reportLoudness(loudness, console: console) }
    let seconds = timeText(Int64(summary.frameCount), over: Int64(summary.rate))
    console.err(
      "wrote \(Destination(output).displayName): \(summary.loops ? "a seamless loop" : "a one-shot alert") of \(seconds), \(summary.frameCount) frames, \(summary.rate) Hz, \(summary.channels == 1 ? "mono" : "stereo")"
    )
  }
}
