import Loudness
import MediaEncoding
import Mixer

/// The same render written by FFmpeg (AAC in MP4): chunks of floats streamed to the encoder,
/// the file decoded back and checked before it is moved into place.
func renderEncoded(
  _ plan: RenderPlan, pipeline: ChunkPipeline, format: PhoneFormat, target: OutputTarget,
  destination: Destination, loudness: LoudnessResult?, progress: ProgressHandler?
) throws(RenderError) -> RenderSummary {
  var summary = RenderSummary(plan, format: plan.settings.format, loudness: loudness)
  func failed(_ error: EncodingError) -> RenderError {
    .output(OutputError(path: destination.messagePath, reason: error.reason))
  }
  let encoder: any AudioEncoder
  do {
    encoder = try makeEncoder(
      format, path: target.temporaryPath, rate: plan.rate, channels: plan.channels,
      tags: plan.tags)
  } catch {
    throw failed(error)
  }
  // What the encoder was given: its own output differs by the codec's noise.
  let loudness = ChunkLoudness(plan)
  try pipeline.forEachChunk(encoding: .float, dither: nil) { (chunk) throws(RenderError) in
    summary.peak.merge(chunk.peak)
    summary.clippedCount += chunk.clippedCount
    loudness?.add(chunk, encoding: .float)
    do throws(EncodingError) {
      try chunk.float.withUnsafeBufferPointer { (values) throws(EncodingError) in
        try encoder.write(values)
      }
    } catch {
      throw failed(error)
    }
    try report(.writing, chunk, plan, progress)
  }
  do throws(EncodingError) {
    try encoder.finish()
    let written = try decodedLength(path: target.temporaryPath)
    guard written.sampleRate == plan.rate, written.channelCount == plan.channels,
      Int64(written.frameCount) == plan.totalFrames
    else {
      throw EncodingError(
        operation: "reading it back", path: destination.messagePath,
        reason: "the written file is damaged: it reads back as \(written.frameCount) frames")
    }
  } catch {
    throw failed(error)
  }
  summary.measurement = loudness?.measurement
  do { try target.commit() } catch { throw .output(error) }
  return summary
}
