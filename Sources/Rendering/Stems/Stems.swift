import Mixer
import Platform
import Settings
import SoundFile

/// Where `renderStems` writes: one file per voice of the song in a folder, and the full mix
/// beside them if asked (`render --stems DIR [-o OUT]`).
public struct StemsRequest: Equatable, Sendable {
  /// The folder the stems go to, created (with any folders above it) if missing. A file or a
  /// symbolic link there is refused; so is a stem's path that is a symbolic link.
  public var folder: String
  /// Where the full mix goes too, if anywhere: the same bytes a plain render writes.
  public var mix: Destination?

  public init(folder: String, mix: Destination? = nil) {
    self.folder = folder
    self.mix = mix
  }

  /// The most stems one render writes: every stem is mixed and written at once.
  public static let maximumStems = 128
}

/// One stem written.
public struct StemSummary: Sendable {
  /// The voice it plays.
  public var part: VoicePart
  /// Where it was written: the folder and its `NN-NAME.EXT` (`VoicePart.stemFileName`).
  public var path: String
  /// Its finished peak (before conversion to integers) and where it is.
  public var peak: PeakMeter
  /// Its values clipped on conversion to integers, or float values past ±1.
  public var clippedCount: Int64
  /// Its integers moved by a step or two from their own rounding so that the stems add up to
  /// the mix's integers exactly (see `renderStems`).
  public var adjustedCount: Int64
}

/// What `renderStems` did.
public struct StemsSummary: Sendable {
  /// The full mix, as written to `StemsRequest.mix` or, without one, as it would have been.
  public var mix: RenderSummary
  /// Every stem, in the order of the song's voices.
  public var stems: [StemSummary]
}

extension Song {
  /// Renders the song's stems, and the full mix when `request.mix` names where
  /// (`xylo-render render --stems`): in `file`'s format (by default what the mix's name says, else WAV),
  /// which must be lossless, with the encoding the options ask for.
  public func renderStems(
    _ request: StemsRequest, as file: OutputFile? = nil, progress: ProgressHandler? = nil
  ) throws(RenderError) -> StemsSummary {
    var song = self
    do throws(OptionError) {
      var output = file
      if output == nil { output = try OutputFile(path: request.mix?.pathForFormat ?? "stems.wav") }
      if let output { try song.settings.write(output, encoding: options.encoding) }
    } catch {
      throw .invalidSetting(error.message)
    }
    return try Rendering.renderStems(song.plan(), request, progress: progress)
  }
}

/// The folder stems go to, made if missing: never a file, never through a symbolic link.
/// `renderStems` makes it; a caller that puts a file of its own there first (a manifest) makes
/// it sooner.
public func prepareStemFolder(_ folder: String) throws(RenderError) {
  if let status = FileStatus(of: folder, followingLinks: false) {
    switch status.kind {
    case .directory: return
    case .link:
      throw .output(
        OutputError(
          path: folder,
          reason: "it is a symbolic link, which is not followed; name the folder it leads to"))
    default:
      throw .output(OutputError(path: folder, reason: "it is not a folder"))
    }
  }
  do { try FileSystem.createDirectories(folder) } catch {
    throw .output(OutputError(path: folder, reason: error.reason))
  }
}

extension RenderPlan {
  /// The mix plan of each part's voices (`partOfVoice`), with the full plan's samples: in
  /// `parts`' order, voices in the full plan's order, each as the full plan cut or stopped it.
  func stemMixPlans() -> [MixPlan] {
    guard parts.count > 1 else {
      return parts.map { _ in mix }
    }
    var voicesByPart = [Int: [Voice]]()
    for (voice, part) in zip(mix.voices, partOfVoice) {
      voicesByPart[Int(part), default: []].append(voice)
    }
    return parts.map { part in
      MixPlan(samples: mix.samples, voices: voicesByPart[part.index] ?? [], channels: channels)
    }
  }

  /// The tags of a part's stem: the song's, titled `TITLE - VOICE` (or the voice's name).
  func stemTags(_ part: VoicePart) -> Tags {
    var tags = self.tags
    tags.title = tags.title.map { "\($0) - \(part.name)" } ?? part.name
    return tags
  }
}
