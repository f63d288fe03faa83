import Rendering

/// How MIDI files are read, shared by every command that reads scores.
enum MIDIInputOptions {
  static let specs = [
    OptionSpec("--drums", help: "Keep MIDI channel 10 (drums), left out by default"),
    OptionSpec(
      "--out-of-range", value: "MODE",
      values: .choices(MIDIChoices.OutOfRange.allCases.map(\.rawValue)),
      help:
        "A note the bank lacks after its part's move: fold (move it alone by octaves, the default), skip (leave it out) or error"
    ),
    OptionSpec(
      "--octaves", value: "MODE", values: .choices(MIDIChoices.Octaves.allCases.map(\.rawValue)),
      help:
        "part (the default): move each part by whole octaves as a piece, so most of its notes fit the bank; note: leave every part where written"
    ),
    OptionSpec(
      "--parts", value: "WHICH",
      values: .choices(MIDIChoices.Selection.allCases.map(\.rawValue)),
      help:
        "all (the default; a ringtone of several parts: melody) or melody: the part named melody, lead, vocal or voice, else the highest note at each onset"
    ),
    OptionSpec(
      "--track", value: "N", repeatable: true,
      help: "Play only MIDI track N (1 is the first); repeat for more"),
    OptionSpec(
      "--channel", value: "N", repeatable: true,
      help: "Play only MIDI channel N (1 to 16; 10 keeps the drums); repeat for more"),
    OptionSpec(
      "--transpose", value: "SEMITONES", help: "Move every MIDI note by SEMITONES (-48 to 48) first"
    ),
    OptionSpec(
      "--part", value: "NAME|N", repeatable: true,
      help:
        "Play only the part (MusicXML, ABC voice) or track (MIDI) named NAME or numbered N; repeat for more"
    ),
    OptionSpec(
      "--tempo", value: "BPM",
      help:
        "Play the song's first tempo at BPM beats a minute (1 to 10000), later tempos in proportion"
    ),
    OptionSpec(
      "--speed", value: "FACTOR",
      help: "Play the song FACTOR times as fast (0.01 to 100; 0.5 is half speed), exactly"),
    OptionSpec(
      "--tune", value: "N", help: "The tune of an ABC file, by its X: number (default: the first)"),
  ]

  static func parse(_ arguments: ParsedOptions) throws(OptionError) -> MIDIChoices {
    let tracks = try arguments.wholeNumbers("--track", in: 1...65_535)
    let channels = try arguments.wholeNumbers("--channel", in: 1...16)
    let mode = try arguments.choice(
      "--out-of-range", of: MIDIChoices.OutOfRange.allCases.map(\.rawValue))
    let octaves = try arguments.choice(
      "--octaves", of: MIDIChoices.Octaves.allCases.map(\.rawValue))
    let selection = try arguments.choice(
      "--parts", of: MIDIChoices.Selection.allCases.map(\.rawValue))
    var choices = MIDIChoices(
      // Naming channel 10 asks for the drums as clearly as --drums does.
      keepDrums: arguments.has("--drums") || channels.contains(10),
      outOfRange: mode.flatMap(MIDIChoices.OutOfRange.init(rawValue:)) ?? .fold,
      tracks: tracks.isEmpty ? nil : Set(tracks),
      channels: channels.isEmpty ? nil : Set(channels),
      transpose: try arguments.wholeNumber("--transpose", in: -48...48, unit: "semitones") ?? 0,
      parts: arguments.lists["--part"] ?? [],
      tune: try arguments.wholeNumber("--tune", in: 0...Int(Int32.max), unit: "tune number"))
    choices.octaves = octaves.flatMap(MIDIChoices.Octaves.init(rawValue:)) ?? .part
    choices.selection = selection.flatMap(MIDIChoices.Selection.init(rawValue:))
    choices.tempo = try tempoChoice(arguments)
    return choices
  }

  /// `--tempo BPM` or `--speed FACTOR`, exact; not both.
  private static func tempoChoice(_ arguments: ParsedOptions) throws(OptionError) -> TempoChoice? {
    let tempo = arguments.values["--tempo"]
    let speed = arguments.values["--speed"]
    if tempo != nil, speed != nil {
      throw OptionError("--tempo and --speed both set how fast the song plays; give one")
    }
    if let text = tempo {
      guard let value = Rational(parsing: text), TempoChoice.tempos.contains(value) else {
        throw OptionError("--tempo needs beats a minute from 1 to 10000, got \(quote(text))")
      }
      return .tempo(value)
    }
    if let text = speed {
      guard let value = Rational(parsing: text), TempoChoice.speeds.contains(value) else {
        throw OptionError("--speed needs a factor from 0.01 to 100, got \(quote(text))")
      }
      return .speed(value)
    }
    return nil
  }
}
