import AudioBasics
import MIDIFile
import Platform
import Rendering

/// `xylo-render info SCORE [--json]`: what a score or MIDI file holds, to choose what to render.
enum InfoCommand {
  static let command = Command(
    name: "info", overview: "Show what a score or MIDI file holds: length, tempi, meters, tracks.",
    synopsis: ["xylo-render info [--json] [--bank DIR|FILE.sfz] [MIDI options] SCORE"],
    about: """
      Prints the length, the taps and keys a render would play (with the MIDI options given),
      the tempo and meter changes, an ABC file's tunes, and for a MIDI file every track (the
      parts of MusicXML and ABC): its name, General MIDI instrument, channels, note count and
      range, drum notes (channel 10), and how many notes the bank has only at another octave
      (folded by default) or at none.
      """,
    arguments: [CommonOptions.scoreArgument],
    operands: [.files(extensions: CommonOptions.songExtensions)],
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [OptionSpec("--json", help: "Print one JSON object instead of text")]
          + SoundOptions.bankSpecs + MIDIInputOptions.specs + LimitOptions.specs)
    ],
    run: run)

  static func run(_ arguments: ParsedOptions, _ console: Console) -> ExitStatus {
    let reading: ScoreReading
    do throws(OptionError) {
      try arguments.requirePositionals(["SCORE"], command: "info")
      reading = try ScoreReading(arguments)
    } catch {
      console.error(usageError: error.message, usage: command.usage)
      return .usage
    }
    let path = arguments.positionals[0]
    let info: SongInfo
    do {
      info = try songInfo(
        file: path, options: reading.sound, limits: reading.limits, midi: reading.midi,
        openBank: QuietBank.opener)
    } catch {
      console.report(error)
      return .failure
    }
    for warning in info.warnings { console.warning("\(shown(path)): \(warning)") }
    let lines = arguments.has("--json") ? [json(info, path: path)] : text(info, path: path)
    for line in lines { console.out(line) }
    return .success
  }

  /// What the file is: `score`, `MIDI`, `MusicXML`, `compressed MusicXML` or `ABC`.
  private static func kind(_ info: SongInfo) -> String {
    info.notation?.rawValue ?? (info.isMIDI ? "MIDI" : "score")
  }

  /// `time` as `12.500 s`.
  private static func seconds(_ time: Rational) -> String { timeText(time) }

  private static func noteRange(_ track: MIDITrackSummary) -> String {
    guard let low = track.lowestNote, let high = track.highestNote else { return "-" }
    return "\(NoteName.name(of: low))-\(NoteName.name(of: high))"
  }

  /// A tempo with its beat named: `224 quarter notes a minute`, or for a source that counts
  /// another note, `112 half notes a minute (224 quarter notes)`.
  static func tempoText(_ change: TempoChange) -> String {
    let quarters = "\(shortNumber(change.beatsPerMinute)) quarter notes"
    let quarter = Rational(1, 4) ?? .one
    guard let unit = change.beatUnit, unit != quarter, unit > .zero,
      let count = change.beatsPerMinute.multiplied(by: quarter)?.divided(by: unit)
    else { return quarters + " a minute" }
    return "\(shortNumber(count)) \(noteName(unit)) a minute (\(quarters))"
  }

  /// A note value's name in the plural: `half notes`, `dotted quarter notes`, `1/12 notes`.
  private static func noteName(_ unit: Rational) -> String {
    let names: [Int64: String] = [
      1: "whole", 2: "half", 4: "quarter", 8: "eighth", 16: "sixteenth", 32: "32nd", 64: "64th",
    ]
    if unit.numerator == 1, let name = names[unit.denominator] { return name + " notes" }
    if unit.numerator == 3, let name = names[unit.denominator / 2], unit.denominator % 2 == 0 {
      return "dotted \(name) notes"
    }
    return "\(unit.numerator)/\(unit.denominator) notes"
  }

  /// At most two decimal places, without trailing zeros: `224`, `97.5`.
  private static func shortNumber(_ value: Rational) -> String {
    var text = value.decimalString(places: 2)
    while text.contains("."), text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  static func text(_ info: SongInfo, path: String) -> [String] {
    var lines = [
      "\(shown(path)): \(kind(info)), \(seconds(info.duration)), \(info.tapCount) taps on \(info.keys.count) keys"
        + (info.struckTapCount < info.tapCount
          ? " (\(info.struckTapCount) struck: \(info.tapCount - info.struckTapCount) unisons merged)"
          : "")
    ]
    if let title = info.title { lines.append("title: \(displayText(title, limit: 80))") }
    if info.tempoChanges.isEmpty {
      let standard = TempoChange(time: .zero, beatsPerMinute: Rational(120))
      lines.append("tempo: \(tempoText(standard)) (default)")
    }
    for change in info.tempoChanges {
      lines.append("tempo: \(tempoText(change)) from \(seconds(change.time))")
    }
    for meter in info.meterChanges {
      lines.append("meter: \(meter.numerator)/\(meter.denominator) from \(seconds(meter.time))")
    }
    if !info.tunes.isEmpty {
      lines.append("TUNE  TITLE")
      for tune in info.tunes {
        lines.append(pad("\(tune.number)", 5) + " " + displayText(tune.title ?? "-", limit: 60))
      }
    }
    if !info.tracks.isEmpty {
      lines.append(
        "TRACK  NAME                  INSTRUMENT            CHANNELS  NOTES  RANGE    OCTAVES  DRUMS  FOLDED  UNPLAYABLE"
      )
      for track in info.tracks {
        let columns = [
          pad("\(track.number)", 6), pad(displayText(track.name ?? "-", limit: 20), 21),
          pad(track.programName ?? "-", 21),
          pad(
            track.channels.isEmpty ? "-" : track.channels.map(String.init).joined(separator: ","), 9
          ),
          pad("\(track.noteCount)", 6), pad(noteRange(track), 8),
          pad(track.octaves > 0 ? "+\(track.octaves)" : "\(track.octaves)", 8),
          pad("\(track.drumNoteCount)", 6),
          pad("\(track.foldedNoteCount)", 7), "\(track.unplayableNoteCount)",
        ]
        lines.append(columns.joined(separator: " "))
      }
    }
    return lines
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  static func json(_ info: SongInfo, path: String) -> String {
    func string(_ text: String?) -> String { text.map { "\"\(jsonEscaped($0))\"" } ?? "null" }
    func number(_ time: Rational) -> String { time.decimalString(places: 6) }
    let tempi = info.tempoChanges.map {
      "{\"seconds\": \(number($0.time)), \"bpm\": \($0.beatsPerMinute.decimalString(places: 6))}"
    }
    let meters = info.meterChanges.map {
      "{\"seconds\": \(number($0.time)), \"numerator\": \($0.numerator), \"denominator\": \($0.denominator)}"
    }
    let tunes = info.tunes.map { "{\"number\": \($0.number), \"title\": \(string($0.title))}" }
    let tracks = info.tracks.map { track in
      let fields = [
        "\"number\": \(track.number)", "\"name\": \(string(track.name))",
        "\"program\": \(track.program.map(String.init) ?? "null")",
        "\"instrument\": \(string(track.programName))",
        "\"channels\": [\(track.channels.map(String.init).joined(separator: ", "))]",
        "\"notes\": \(track.noteCount)",
        "\"lowest\": \(string(track.lowestNote.map(NoteName.name(of:))))",
        "\"highest\": \(string(track.highestNote.map(NoteName.name(of:))))",
        "\"octaves\": \(track.octaves)",
        "\"drum_notes\": \(track.drumNoteCount)", "\"folded_notes\": \(track.foldedNoteCount)",
        "\"unplayable_notes\": \(track.unplayableNoteCount)",
      ]
      return "{" + fields.joined(separator: ", ") + "}"
    }
    let fields = [
      "\"file\": \(string(path))", "\"kind\": \(string(kind(info).lowercased()))",
      "\"title\": \(string(info.title))", "\"seconds\": \(number(info.duration))",
      "\"taps\": \(info.tapCount)", "\"struck_taps\": \(info.struckTapCount)",
      "\"keys\": [\(info.keys.map { string($0) }.joined(separator: ", "))]",
      "\"tempo_changes\": [\(tempi.joined(separator: ", "))]",
      "\"meter_changes\": [\(meters.joined(separator: ", "))]",
      "\"tunes\": [\(tunes.joined(separator: ", "))]",
      "\"tracks\": [\(tracks.joined(separator: ", "))]",
      "\"warnings\": [\(info.warnings.map { string($0) }.joined(separator: ", "))]",
    ]
    return "{" + fields.joined(separator: ", ") + "}"
  }
}
