import Drawing
import Platform
import Rendering
import Settings

/// Makes `song`'s page at `destination`: one self-contained HTML file with the app's keyboard
/// (`KeyboardLook`), the song as rendered (AAC in MP4 at 48 kHz, or the song's rate if it asks
/// for 44.1 kHz; a rate AAC cannot take is refused), dimming each key on its taps by the song's
/// audio clock, each key playable with the render's own sample at that rate, and taps recorded
/// as a score: `xylo-render page`. The song plays at the level its options set, else at
/// `RenderSettings.shareableLevel` (-16 LUFS, -1 dBTP), and each key at the gain the song got,
/// its own peak under the same ceiling.
///
/// Written atomically, like a render: never over the score or a sample, and an earlier file at
/// `destination` is untouched when anything fails. The same song and settings give the same
/// bytes.
public func renderPage(
  _ song: Song, settings: PageSettings = PageSettings(), to destination: Destination,
  progress: ProgressHandler? = nil
) throws(RenderError) -> PageSummary {
  var song = song.leveledForSharing()
  do {
    song.settings.rate = try encoderRate(for: song.settings.rate)
    song.settings.phoneFormat = .aac(bitRate: settings.audioBitRate)
  } catch {
    throw .invalidSetting(error.message)
  }
  let plan = try song.plan()
  // Refused before anything is rendered: the page would replace the score or a sample.
  let target: OutputTarget
  do { target = try OutputTarget(destination, inputs: plan.inputPaths) } catch {
    throw .output(error)
  }
  defer { target.discard() }
  let (unleveledKeys, arrangement, barOfSample) = try pageKeys(plan, bank: song.bank)
  let (audio, aac) = try renderedAAC(plan, progress: progress)
  var ceiling: Double?
  if case .loudness(_, let truePeakCeiling) = song.settings.level { ceiling = truePeakCeiling }
  let keys = unleveledKeys.map { $0.leveled(by: audio.loudness, ceiling: ceiling) }
  let title =
    settings.title ?? plan.tags.title
    ?? song.path.map { Path.baseName(Path.lastComponent($0)) }.flatMap { $0.isEmpty ? nil : $0 }
    ?? "xylo-render"
  let taps = plan.mix.voices.compactMap { voice in
    barOfSample[voice.sampleIndex].map { (frame: voice.startFrame, key: $0) }
  }
  let header = { (polyphonic: Bool) in
    tappedScoreHeader(
      title: title, options: song.options, rate: plan.rate, polyphonic: polyphonic)
  }
  let html = pageDocument(
    PageContent(
      title: title, artist: plan.tags.artist, keys: keys, arrangement: arrangement,
      showsLabels: settings.showsLabels,
      song: aac, rate: plan.rate, channels: plan.channels, frameCount: plan.totalFrames,
      taps: taps, scoreHeaders: (header(false), header(true)), fileName: fileName(title)))
  let bytes = Array(html.utf8)
  try writeAtomically(bytes, to: target) { _ in true }
  return PageSummary(
    audio: audio, byteCount: bytes.count, songByteCount: aac.count,
    sampleByteCount: keys.reduce(0) { $0 + ($1.flac?.count ?? 0) }, keyCount: keys.count,
    playableKeyCount: keys.filter { $0.flac != nil }.count)
}

/// The plan rendered as AAC in MP4 (its settings' `phoneFormat`), through a temporary file
/// that is read back and removed: the render's own writer, which checks the file's length.
private func renderedAAC(_ plan: RenderPlan, progress: ProgressHandler?) throws(RenderError)
  -> (RenderSummary, [UInt8])
{
  let template = Path.join(FileSystem.temporaryDirectory, "xylo-page-XXXXXX")
  let path: String
  switch TemporaryFiles.create(template: template, suffix: ".m4a") {
  case .success(let created): path = created
  case .failure(let error): throw .output(OutputError(path: error.path, reason: error.reason))
  }
  defer { TemporaryFiles.remove(path) }
  let summary = try render(plan, to: .file(path), progress: progress)
  do { return (summary, try FileSystem.readAll(path)) } catch {
    throw .output(OutputError(path: path, reason: error.reason))
  }
}

/// The title as a file name: without the characters file systems refuse or shells mind.
private func fileName(_ title: String) -> String {
  let kept = title.unicodeScalars.map { scalar -> Character in
    isHidden(scalar) || "/\\:*?\"<>|".unicodeScalars.contains(scalar) ? " " : Character(scalar)
  }
  let name = String(kept).split(separator: " ").joined(separator: " ")
  return name.isEmpty ? "xylo-render" : String(name.prefix(80))
}
