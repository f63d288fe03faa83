import AudioBasics
import AudioDigest
import Dispatch
import Mixer
import Platform
import SoundFile

/// Writes one file per voice of `plan` (`plan.parts`) into `request.folder`, and the full mix
/// to `request.mix` if given, in one pass: every stem lasts as long as the mix and is finished
/// with the mix's own gain (measured once, on the mix, for normalizing or a loudness target),
/// fades, room and limiter gains, so the stems add up to the mix.
///
/// Integer stems add up to the mix's integers exactly: each stem is rounded on its own, and
/// where their sum is off by the rounding (a step or two), the stem loudest there takes the
/// difference (`StemSummary.adjustedCount`); with `--dither`, that is how the mix's dither
/// reaches the stems. Only where the mix or a stem clips do they differ. Float stems add up to
/// the float mix within float rounding. The mix is the same file a plain render writes.
///
/// Each file is written to a temporary file beside it, read back and checked; none is moved into
/// place before all are complete, so a failure leaves no partial stem. The format must be
/// lossless: lossy stems could not add up to anything.
/// The files `renderStems` writes for `plan` into `request.folder`, one per voice: for a
/// caller that must keep another output of its own (a manifest) off them.
public func stemPaths(_ plan: RenderPlan, _ request: StemsRequest) -> [String] {
  let digits = max(2, String(plan.parts.last?.number ?? 0).count)
  return plan.parts.map { part in
    Path.join(
      request.folder,
      part.stemFileName(digits: digits, extension: plan.settings.format.container.rawValue))
  }
}

public func renderStems(
  _ plan: RenderPlan, _ request: StemsRequest, progress: ProgressHandler? = nil
) throws(RenderError) -> StemsSummary {
  let settings = plan.settings
  guard settings.phoneFormat == nil, settings.format.container.isLossless else {
    throw .invalidSetting(
      "stems are written in a lossless format (wav, flac, aiff, caf, w64, rf64), so that they add up to the mix"
    )
  }
  guard !plan.parts.isEmpty else {
    throw .invalidSetting("the song has no taps, so no voice to write a stem for")
  }
  guard plan.parts.count <= StemsRequest.maximumStems else {
    throw .invalidSetting(
      "the song has \(plan.parts.count) voices; stems are written for at most \(StemsRequest.maximumStems)"
    )
  }
  try prepareStemFolder(request.folder)
  let format = settings.format.holding(
    dataBytes: plan.totalFrames * Int64(settings.format.bytesPerFrame(channels: plan.channels)))
  let paths = stemPaths(plan, request)
  let bytes = estimatedBytes(
    frameCount: plan.totalFrames, channels: plan.channels, rate: plan.rate,
    format: settings.format)
  var targets: [OutputTarget] = []
  var mixTarget: OutputTarget?
  do {
    for path in paths {
      targets.append(try OutputTarget(.file(path), inputs: plan.inputPaths, followingLinks: false))
    }
    try targets.first?.checkRoom(for: bytes * Int64(targets.count))
    if let destination = request.mix {
      mixTarget = try OutputTarget(destination, inputs: plan.inputPaths, otherOutputs: paths)
      try mixTarget?.checkRoom(for: bytes)
    }
  } catch {
    throw .output(error)
  }
  let (finished, loudness) = try finishedPipeline(plan, progress: progress)
  var pipeline = finished
  pipeline.keepsLimiterGains = pipeline.limit != nil
  let stems = plan.stemMixPlans().map { StemMix(plan: $0, room: settings.room, rate: plan.rate) }
  var summary = RenderSummary(plan, format: format, loudness: loudness)
  var files = [StemFile]()
  do throws(SoundFileError) {
    for (index, part) in plan.parts.enumerated() {
      files.append(
        StemFile(
          writer: try SoundFileWriter(
            path: targets[index].temporaryPath, format: format, sampleRate: plan.rate,
            channels: plan.channels, tags: plan.stemTags(part),
            expectedFrameCount: plan.totalFrames),
          path: paths[index], temporaryPath: targets[index].temporaryPath))
    }
    if let mixTarget, let destination = request.mix {
      files.append(
        StemFile(
          writer: try SoundFileWriter(
            path: mixTarget.temporaryPath, format: format, sampleRate: plan.rate,
            channels: plan.channels, tags: plan.tags, expectedFrameCount: plan.totalFrames),
          path: destination.messagePath, temporaryPath: mixTarget.temporaryPath))
    }
  } catch {
    throw .output(OutputError(path: files.last?.path ?? request.folder, reason: error.reason))
  }
  var mixer = StemMixing(
    stems: stems, encoding: chunkEncoding(for: format), finishing: pipeline.finishing,
    totalFrames: plan.totalFrames, inOrder: settings.room != .none || pipeline.limit != nil,
    blockFrames: settings.blockFrames, jobs: settings.jobs,
    dither: settings.ditherSeed.map(Dither.init(seed:)))
  try pipeline.forEachChunk(encoding: .float, dither: nil) { (chunk) throws(RenderError) in
    summary.peak.merge(chunk.peak)
    mixer.mix(chunk)
    summary.clippedCount += mixer.mixClippedCount
    for (index, file) in files.enumerated() {
      try file.write(index < stems.count ? .stem(stems[index]) : .mix(mixer), mixer.encoding)
    }
    try report(.writing, chunk, plan, progress)
  }
  for file in files { try file.close(plan, exactLength: format.container.isLossless) }
  if settings.computesContentHash, let mixTarget {
    do { summary.contentHash = try audioHash(ofFileAt: mixTarget.temporaryPath) } catch {
      throw .output(OutputError(path: request.mix?.messagePath ?? "", reason: error.reason))
    }
  }
  do {
    for target in targets { try target.commit() }
    try mixTarget?.commit()
  } catch {
    throw .output(error)
  }
  return StemsSummary(
    mix: summary,
    stems: zip(plan.parts, zip(paths, stems)).map { part, written in
      StemSummary(
        part: part, path: written.0, peak: written.1.peak,
        clippedCount: written.1.clippedCount, adjustedCount: written.1.adjustedCount)
    })
}
