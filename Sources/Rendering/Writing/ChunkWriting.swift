import AudioBasics
import Mixer
import SoundFile

/// Writes every chunk of `pipeline` with `writer`, adding what they hold to `summary`.
package func writeChunks(
  of pipeline: ChunkPipeline, _ plan: RenderPlan, with writer: SoundFileWriter,
  summary: inout RenderSummary, phase: RenderProgress.Phase = .writing,
  progress: ProgressHandler?, failure: (SoundFileError) -> RenderError
) throws(RenderError) {
  let encoding = chunkEncoding(for: writer.format)
  // A first pass that only learns a header measures nothing.
  let loudness = phase == .writing ? ChunkLoudness(plan) : nil
  try pipeline.forEachChunk(
    encoding: encoding, dither: plan.settings.ditherSeed.map(Dither.init(seed:))
  ) { (chunk) throws(RenderError) in
    summary.peak.merge(chunk.peak)
    summary.clippedCount += chunk.clippedCount
    loudness?.add(chunk, encoding: encoding)
    do throws(SoundFileError) {
      switch encoding {
      case .int16:
        try chunk.int16.withUnsafeBufferPointer { (values) throws(SoundFileError) in
          try writer.write(values)
        }
      case .int32:
        try chunk.int32.withUnsafeBufferPointer { (values) throws(SoundFileError) in
          try writer.write(values)
        }
      case .float, .measureOnly:
        try chunk.float.withUnsafeBufferPointer { (values) throws(SoundFileError) in
          try writer.write(values)
        }
      }
    } catch {
      throw failure(error)
    }
    try report(phase, chunk, plan, progress)
  }
  if let loudness { summary.measurement = loudness.measurement }
}

/// How chunks are delivered for a format: integers of its width, or floats.
package func chunkEncoding(for format: OutputFormat) -> ChunkEncoding {
  switch format.encoding?.integerWidth {
  case .bits16: .int16
  case .some(let width): .int32(width)
  case nil: .float
  }
}
