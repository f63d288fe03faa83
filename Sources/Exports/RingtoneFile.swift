import Platform
import Rendering
import ScoreParser
import Settings
import SoundFile

/// A ringtone's file and how it is made, from its name and a preset: the product's rules for
/// phones (which formats, how long) in one place, for the command line and the library.
public struct RingtoneFile: Equatable, Sendable {
  /// The file to write: the name given, with the preset's extension added when it had none.
  public var path: String
  /// The container when libsndfile writes it (`.wav` for FFmpeg's formats, unused then).
  public var container: Container
  public var settings: RingtoneSettings
  /// What the choices risk without being wrong: a ringtone over 30 s, which some phones refuse.
  public var warnings: [String] = []

  /// An iPhone refuses ringtones of this many seconds or more; `--seconds` goes no further.
  public static let iPhoneLimit = Rational(40)
  /// Some iOS versions refuse ringtones of this many seconds or more: longer ones are warned of.
  public static let safeLimit = Rational(30)

  /// The ringtone for `path`: `.m4r`/`.m4a` are AAC, `.ogg` is Ogg Vorbis through FFmpeg
  /// (marked `ANDROID_LOOP` when it loops, which libsndfile cannot write), other extensions are
  /// libsndfile's. A preset fixes the extension (`--for iphone` makes `.m4r`); `loops` and
  /// `maximumSeconds` override the preset's.
  public init(
    path: String, preset: RingtoneSettings.Preset? = nil, loops: Bool? = nil,
    maximumSeconds: Rational? = nil
  ) throws(OptionError) {
    // Standard output, a device or a FIFO keeps its name; the preset says the format.
    let stream =
      path == "-" || FileStatus(of: path).map { $0.kind != .file && $0.kind != .directory } == true
    self.path = stream ? path : try Self.presetPath(path, for: preset)
    settings = preset.map(RingtoneSettings.init(preset:)) ?? RingtoneSettings()
    if let loops { settings.loops = loops }
    if let maximumSeconds { settings.maximumSeconds = maximumSeconds }
    let ext =
      stream
      ? (preset.flatMap(Self.presetExtension) ?? Path.fileExtension(path)).lowercased()
      : Path.fileExtension(self.path).lowercased()
    if OutputFile.aacNames.contains(ext) {
      settings.phoneFormat = .aac(bitRate: OutputFile.defaultAACBitRate)
      container = .wav
    } else if ext == "ogg" || ext == "oga" {
      settings.phoneFormat = .oggVorbis(loops: settings.loops)
      container = .ogg
    } else if let chosen = Container(fileExtension: ext) {
      container = chosen
    } else {
      throw OptionError(
        "cannot tell the format of '\(displayText(self.path, limit: displayedPathLength))' from its extension; use .m4r, .ogg, .mp3, .wav or .flac"
      )
    }
    if ext == "m4r", !(settings.maximumSeconds < Self.iPhoneLimit) {
      throw OptionError("an iPhone ringtone (.m4r) must be shorter than 40 s; use --seconds 29.9")
    }
    if Self.iPhoneLimit < settings.maximumSeconds {
      throw OptionError("--seconds is at most 40: phones refuse longer ringtones")
    }
    if !(settings.maximumSeconds < Self.safeLimit) {
      warnings.append(
        "--seconds \(settings.maximumSeconds.decimalString(places: 1)): some phones refuse ringtones of 30 s or more; 29.9 is the safe length"
      )
    }
  }

  /// The extension a preset's phone takes: `m4r` for an iPhone, `ogg` for Android.
  private static func presetExtension(_ preset: RingtoneSettings.Preset) -> String? {
    switch preset {
    case .iphone: "m4r"
    case .android: "ogg"
    case .notification: nil
    }
  }

  /// The phone's format for a preset: an iPhone takes `.m4r`, Android `.ogg`; a name without
  /// an extension gets the preset's, another extension is refused.
  private static func presetPath(_ path: String, for preset: RingtoneSettings.Preset?)
    throws(OptionError) -> String
  {
    guard let wanted = preset.flatMap(presetExtension) else { return path }
    let ext = Path.fileExtension(path).lowercased()
    if ext.isEmpty { return path + "." + wanted }
    guard ext == wanted else {
      throw OptionError(
        "--for \(preset?.rawValue ?? "") makes a .\(wanted) file, not .\(ext); name it '\(displayText(Path.baseName(path) + "." + wanted))'"
      )
    }
    return path
  }
}

/// Renders `song` as a ringtone to `file`. The song's loudness target, from the caller's
/// options or its own `options` line, replaces the ringtone's default; its encoding chooses
/// the sample encoding of a libsndfile file.
public func renderRingtone(_ song: Song, as file: RingtoneFile) throws(RenderError)
  -> RingtoneSummary
{
  var ringtone = file.settings
  switch song.options.level {
  case .loudness(let lufs, let ceiling)?:
    ringtone.loudnessLUFS = lufs
    ringtone.truePeakCeiling = ceiling
  case .gain(let decibels)? where decibels != 0:
    throw .invalidSetting(
      "a ringtone's level is its loudness target: --gain cannot apply; use --loudness LUFS")
  case .normalize?:
    throw .invalidSetting(
      "a ringtone's level is its loudness target: --normalize cannot apply; use --loudness LUFS")
  default: break
  }
  var settings = song.settings
  switch OutputFormat.make(container: file.container, encoding: song.options.encoding) {
  case .success(let format): settings.format = format
  case .failure(let mismatch): throw .invalidSetting(mismatch.message)
  }
  return try renderRingtone(
    song.score, bank: song.bank, settings: settings, ringtone: ringtone, scorePath: song.path,
    to: Destination(file.path))
}
