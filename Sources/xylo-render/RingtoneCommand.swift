import CommandLineOptions
import Platform
import Rendering
import ScoreParser
import SoundFile

/// `xylo-render ringtone SCORE -o OUT`: a phone's ringtone or alert from a score.
enum RingtoneCommand {
  static let command = Command(
    name: "ringtone",
    options: LimitOptions.specs + SoundOptions.specs + MIDIInputOptions.specs + [
      OptionSpec("--output", alias: "-o", takesValue: true),
      OptionSpec("--for", takesValue: true),
      OptionSpec("--no-loop", takesValue: false),
      OptionSpec("--seconds", takesValue: true),
      OptionSpec("--quiet", takesValue: false),
    ], usage: Help.ringtoneUsage, help: Help.ringtone, run: run)

  static func run(_ arguments: ParsedArguments, _ console: Console) -> ExitStatus {
    let scorePath: String
    let output: String
    var ringtone: RingtoneSettings
    let container: Container
    let limits: ParseOptions
    let midi: MIDIChoices
    do throws(UsageError) {
      try arguments.requirePositionals(["SCORE"], command: "ringtone")
      scorePath = arguments.positionals[0]
      guard let path = arguments.values["--output"], !path.isEmpty else {
        throw UsageError("missing -o OUT (.m4r, .ogg, .mp3, .wav or .flac)")
      }
      let preset = try arguments.choice(
        "--for", of: RingtoneSettings.Preset.allCases.map(\.rawValue)
      ).flatMap(RingtoneSettings.Preset.init(rawValue:))
      output = try presetPath(path, for: preset)
      ringtone = preset.map(RingtoneSettings.init(preset:)) ?? RingtoneSettings()
      if arguments.has("--no-loop") { ringtone.loops = false }
      let ext = Path.fileExtension(output).lowercased()
      if let phone = PhoneFormat(fileExtension: ext) {
        ringtone.phoneFormat = phone
        container = .wav
      } else if ext == "ogg" || ext == "oga" {
        // Ogg through FFmpeg, which writes the ANDROID_LOOP comment libsndfile cannot.
        ringtone.phoneFormat = .oggVorbis(loops: ringtone.loops)
        container = .ogg
      } else if let chosen = Container(fileExtension: ext) {
        container = chosen
      } else {
        throw UsageError(
          "cannot tell the format of \(quote(output, limit: displayedPathLength)) from its extension; use .m4r, .ogg, .mp3, .wav or .flac"
        )
      }
      if let seconds = try arguments.duration("--seconds", positive: true) {
        ringtone.maximumSeconds = seconds
      }
      if ext == "m4r", !(ringtone.maximumSeconds < Rational(40)) {
        throw UsageError("an iPhone ringtone (.m4r) must be shorter than 40 s; use --seconds 30")
      }
      var choices = SoundChoices()
      try SoundOptions.apply(arguments, to: &choices)
      if case .loudness(let lufs, let ceiling) = choices.settings.level {
        ringtone.loudnessLUFS = lufs
        ringtone.truePeakCeiling = ceiling
      }
      limits = try LimitOptions.parse(arguments)
      midi = try MIDIInputOptions.parse(arguments)
    } catch {
      console.error(usageError: error.message, usage: Help.ringtoneUsage)
      return .usage
    }
    do throws(RenderError) {
      let prepared = try prepareScore(
        at: scorePath, commandLine: arguments, limits: limits, midi: midi,
        openBank: QuietBank.opener)
      var settings = prepared.choices.settings
      switch OutputFormat.make(container: container, encoding: prepared.choices.encoding) {
      case .success(let format): settings.format = format
      case .failure(let mismatch): throw .invalidSetting(mismatch.message)
      }
      let summary = try renderRingtone(
        prepared.loaded.score, bank: prepared.bank, settings: settings, ringtone: ringtone,
        scorePath: scorePath, to: Destination(output))
      if !arguments.has("--quiet") { report(summary, output: output, console: console) }
      return .success
    } catch {
      console.report(error)
      return .failure
    }
  }

  /// The phone's format for a preset: an iPhone takes `.m4r`, Android `.ogg`; a name without
  /// an extension gets the preset's, another extension is refused.
  private static func presetPath(_ path: String, for preset: RingtoneSettings.Preset?)
    throws(UsageError) -> String
  {
    let wanted: String? =
      switch preset {
      case .iphone: "m4r"
      case .android: "ogg"
      case .notification, nil: nil
      }
    guard let wanted, path != "-" else { return path }
    let ext = Path.fileExtension(path).lowercased()
    if ext.isEmpty { return path + "." + wanted }
    guard ext == wanted else {
      throw UsageError(
        "--for \(preset?.rawValue ?? "") makes a .\(wanted) file, not .\(ext); name it \(quote(Path.baseName(path) + "." + wanted))"
      )
    }
    return path
  }

  private static func report(_ summary: RingtoneSummary, output: String, console: Console) {
    if let cut = summary.cutAt {
      console.note(
        "the song is longer than the ringtone may be: cut at its last bar line before the limit, \(cut.decimalString(places: 3)) s"
      )
    }
    if let loudness = summary.loudness { RenderCommand.reportLoudness(loudness, console: console) }
    let seconds =
      Rational(summary.frameCount, Int64(summary.rate))?.decimalString(places: 3) ?? "?"
    console.err(
      "wrote \(Destination(output).displayName): \(summary.loops ? "a seamless loop" : "a one-shot alert") of \(seconds) s, \(summary.frameCount) frames, \(summary.rate) Hz, \(summary.channels == 1 ? "mono" : "stereo")"
    )
  }
}
