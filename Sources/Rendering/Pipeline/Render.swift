import AudioBasics
import AudioDigest
import Loudness
import MediaEncoding
import Mixer
import Platform
import SampleBank
import ScoreParser
import SoundFile

/// How far a render is, handed to a progress handler after every chunk.
public struct RenderProgress: Sendable {
  public enum Phase: Sendable {
    /// The first pass of normalizing: the mix is measured, not written.
    case measuring
    case writing
  }

  public var phase: Phase
  public var framesDone: Int64
  public var totalFrames: Int64
}

/// What a progress handler answers: go on, or stop the render (it then throws `.cancelled`
/// and leaves no file).
public enum ProgressReply: Sendable {
  case proceed
  case cancel
}

/// Called after every chunk, one call at a time and in order, each seeing what the one before
/// did; while an uncompressed file is written by more than one job, on whichever of the
/// render's threads mixed the chunk (the calling thread among them), else on the calling thread.
public typealias ProgressHandler = (RenderProgress) -> ProgressReply

/// What a finished render did.
public struct RenderSummary: Sendable {
  public var rate: Int
  public var channels: Int
  public var totalFrames: Int64
  /// The format written: the one asked for, or RF64 for a WAV too large for 32-bit sizes.
  public var format: OutputFormat
  /// The finished mix's peak (before conversion to integers) and where it is.
  public var peak: PeakMeter
  /// Values clipped on conversion to integers, or float values past ±1.
  public var clippedCount: Int64
  /// Voices stopped early by the default voice limit.
  public var voicesStoppedByLimit: Int
  /// Taps that sounded: zero for a score without taps, whose output is silence.
  public var voiceCount: Int
  /// The content hash of the file written, when the settings asked for it (as `hash` prints).
  public var contentHash: String?
  /// What a loudness target did, when the settings gave one.
  public var loudness: LoudnessResult?
  /// The format the settings asked for (`format` differs for a WAV written as RF64).
  public var requestedFormat: OutputFormat
  /// Voices a polyphony limit stopped without a fade while loud, if any (each a click).
  public var abruptCuts: AbruptCuts?
  /// Taps merged into another of the same key on the same frame (each bar sounds once).
  public var mergedUnisons = 0
  /// Taps the bank plays no sample for at their velocity, if any.
  public var silentTaps: SilentTaps?
  /// The loudness and peaks of what was written, when the settings asked for them
  /// (`measuresLoudness`) and libebur128 could measure them.
  public var measurement: LoudnessMeasurement?
}

extension RenderSummary {
  /// The summary of writing `plan` as `format`, before any chunk: nothing seen or clipped yet.
  package init(_ plan: RenderPlan, format: OutputFormat, loudness: LoudnessResult?) {
    self.init(
      rate: plan.rate, channels: plan.channels, totalFrames: plan.totalFrames, format: format,
      peak: PeakMeter(), clippedCount: 0, voicesStoppedByLimit: plan.voicesStoppedByLimit,
      voiceCount: plan.mix.voices.count, loudness: loudness, requestedFormat: plan.settings.format,
      abruptCuts: plan.abruptCuts.map { cuts in
        AbruptCuts(
          count: cuts.count,
          largestStepDecibels: Decibels.of(Double(cuts.largest * plan.finishing.gain)),
          firstFrame: cuts.firstFrame)
      })
    mergedUnisons = plan.mergedUnisons
    silentTaps = plan.silentTaps
  }

  /// The output's length in seconds, exactly.
  public var duration: Rational? { Rational(totalFrames, Int64(rate)) }
}

/// Finished audio in memory: interleaved float frames, after gain, normalizing and fades, and
/// before any conversion to integers.
public struct RenderedAudio: Sendable {
  public var rate: Int
  public var channels: Int
  public var values: [Float]
  public var peak: PeakMeter
  /// What a loudness target did, when the settings gave one.
  public var loudness: LoudnessResult?

  public var frameCount: Int { values.count / channels }
}

/// Writes the plan's every frame to `destination`: to a temporary file beside it, closed,
/// read back and checked, and only then moved into place. On any failure, or when `progress`
/// cancels, no file is left and an earlier file at the destination is untouched.
public func render(
  _ plan: RenderPlan, to destination: Destination, progress: ProgressHandler? = nil
) throws(RenderError) -> RenderSummary {
  let settings = plan.settings
  let container = settings.format.container
  if plan.totalFrames == 0, settings.phoneFormat == nil, container == .flac || container == .mp3 {
    // libsndfile writes nothing at all for these without a frame: no file a reader accepts.
    throw .output(
      OutputError(
        path: destination.messagePath,
        reason: "\(container.rawValue) cannot hold an output of 0 frames; choose wav, aiff or caf"))
  }
  if settings.phoneFormat == nil, !settings.computesContentHash {
    let stream: OutputStream?
    do { stream = try OutputStream(destination) } catch { throw .output(error) }
    if let stream { return try render(plan, streamingTo: stream, progress: progress) }
  }
  let target: OutputTarget
  do {
    target = try OutputTarget(destination, inputs: plan.inputPaths)
    try target.checkRoom(
      for: estimatedBytes(
        frameCount: plan.totalFrames, channels: plan.channels, rate: plan.rate,
        format: settings.format, phone: settings.phoneFormat))
  } catch {
    throw .output(error)
  }
  let (finished, loudness) = try finishedPipeline(plan, progress: progress)
  var pipeline = finished
  if let phone = settings.phoneFormat {
    return try renderEncoded(
      plan, pipeline: pipeline, format: phone, target: target, destination: destination,
      loudness: loudness, progress: progress)
  }
  let format = settings.format.holding(
    dataBytes: plan.totalFrames * Int64(settings.format.bytesPerFrame(channels: plan.channels)))
  var summary = RenderSummary(plan, format: format, loudness: loudness)
  /// Runs a step of writing, reporting its failure as one about the destination.
  func writing<Value>(_ step: () throws(SoundFileError) -> Value) throws(RenderError) -> Value {
    do {
      return try step()
    } catch {
      throw .output(OutputError(path: destination.messagePath, reason: error.reason))
    }
  }
  let writer = try writing { () throws(SoundFileError) in
    try SoundFileWriter(
      path: target.temporaryPath, format: format, sampleRate: plan.rate,
      channels: plan.channels, tags: plan.tags, expectedFrameCount: plan.totalFrames)
  }
  if format.storesValuesUncompressed {
    pipeline.useUncompressedChunks(
      bytesPerFrame: format.bytesPerFrame(channels: plan.channels),
      firstFrameAt: writer.dataOffset)
  }
  try writeChunks(of: pipeline, plan, with: writer, summary: &summary, progress: progress) {
    (error) in .output(OutputError(path: destination.messagePath, reason: error.reason))
  }
  try writing { () throws(SoundFileError) in
    try writer.close()
    try verifyWrittenFile(
      path: target.temporaryPath, sampleRate: plan.rate, channels: plan.channels,
      frameCount: plan.totalFrames, exactLength: format.container.isLossless)
  }
  if settings.computesContentHash {
    summary.contentHash = try writing { () throws(SoundFileError) in
      try audioHash(ofFileAt: target.temporaryPath)
    }
  }
  do { try target.commit() } catch { throw .output(error) }
  return summary
}

/// Renders the plan's every frame into memory (for tests and analysis; a long song takes
/// 4 bytes per value).
public func render(_ plan: RenderPlan, progress: ProgressHandler? = nil) throws(RenderError)
  -> RenderedAudio
{
  let (pipeline, loudness) = try finishedPipeline(plan, progress: progress)
  var audio = RenderedAudio(
    rate: plan.rate, channels: plan.channels, values: [], peak: PeakMeter(), loudness: loudness)
  audio.values.reserveCapacity(Int(plan.totalFrames) * plan.channels)
  try pipeline.forEachChunk(encoding: .float, dither: nil) { (chunk) throws(RenderError) in
    audio.values.append(contentsOf: chunk.float)
    audio.peak.merge(chunk.peak)
    try report(.writing, chunk, plan, progress)
  }
  return audio
}

/// Streams the plan's finished float frames to `body` a block at a time, in order, holding
/// only a few blocks in memory: for a sink of the caller's own (a player, a network, another
/// encoder). `body` gets interleaved frames after gain, normalizing and fades, and the first
/// frame's place in the output; the buffer is valid only during the call. Returns what a
/// loudness target did, when the settings gave one.
@discardableResult
public func render(
  _ plan: RenderPlan, progress: ProgressHandler? = nil,
  eachBlock body: (_ values: UnsafeBufferPointer<Float>, _ firstFrame: Int64) throws(RenderError)
    -> Void
) throws(RenderError) -> LoudnessResult? {
  let (pipeline, loudness) = try finishedPipeline(plan, progress: progress)
  try pipeline.forEachChunk(encoding: .float, dither: nil) { (chunk) throws(RenderError) in
    try chunk.float.withUnsafeBufferPointer { (values) throws(RenderError) in
      try body(values, chunk.start)
    }
    try report(.writing, chunk, plan, progress)
  }
  return loudness
}

/// The pipeline with its final gain: for normalizing or a loudness target, a first pass
/// measures the finished mix.
package func finishedPipeline(_ plan: RenderPlan, progress: ProgressHandler?)
  throws(RenderError) -> (ChunkPipeline, LoudnessResult?)
{
  let settings = plan.settings
  var pipeline = ChunkPipeline(
    plan: plan.mix, rate: plan.rate, totalFrames: plan.totalFrames, finishing: plan.finishing,
    blockFrames: settings.blockFrames, jobs: settings.jobs, room: settings.room)
  switch settings.level {
  case .gain:
    return (pipeline, nil)
  case .normalize(let peakDecibels):
    var peak = PeakMeter()
    try pipeline.forEachChunk(encoding: .measureOnly, dither: nil) {
      (chunk) throws(RenderError) in
      peak.merge(chunk.peak)
      try report(.measuring, chunk, plan, progress)
    }
    if peak.peak > 0 {
      pipeline.finishing.gain = Float(Decibels.linear(peakDecibels) / Double(peak.peak))
    }
    return (pipeline, nil)
  case .loudness(let target, let ceiling):
    let measuring = pipeline
    let (setting, result) = try meetLoudness(target: target, ceiling: ceiling) {
      (setting) throws(RenderError) in
      var trial = measuring
      trial.finishing.gain = Float(Decibels.linear(setting.gainDecibels))
      trial.limit = setting.limit
      return try measureLoudness(trial, plan, progress: progress)
    }
    pipeline.finishing.gain = Float(Decibels.linear(setting.gainDecibels))
    pipeline.limit = setting.limit
    return (pipeline, result)
  }
}

/// The loudness of what `pipeline` plays, measured in a pass that writes nothing.
private func measureLoudness(
  _ pipeline: ChunkPipeline, _ plan: RenderPlan, progress: ProgressHandler?
) throws(RenderError) -> LoudnessMeasurement {
  let meter: LoudnessMeter
  do { meter = try LoudnessMeter(channelCount: plan.channels, sampleRate: plan.rate) } catch {
    throw .invalidSetting(error.description)
  }
  try pipeline.forEachChunk(encoding: .float, dither: nil) { (chunk) throws(RenderError) in
    do throws(LoudnessError) {
      try chunk.float.withUnsafeBufferPointer { (values) throws(LoudnessError) in
        try meter.add(values)
      }
    } catch {
      throw .invalidSetting(error.description)
    }
    try report(.measuring, chunk, plan, progress)
  }
  do { return try meter.measurement() } catch { throw .invalidSetting(error.description) }
}

package func report(
  _ phase: RenderProgress.Phase, _ chunk: RenderedChunk, _ plan: RenderPlan,
  _ progress: ProgressHandler?
) throws(RenderError) {
  guard let progress else { return }
  let done = chunk.start + Int64(chunk.frameCount)
  let state = RenderProgress(phase: phase, framesDone: done, totalFrames: plan.totalFrames)
  if progress(state) == .cancel { throw .cancelled }
}
