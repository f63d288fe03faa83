import Mixer
import SoundFile

/// Writes the plan to a stream front to back, with no temporary file. A file whose header is
/// only final on closing (its length, FLAC's checksum) is written twice: first to learn that
/// header without keeping the rest (where the header depends only on the length, silence of
/// that length is enough), then streamed with the header learned. Ogg and Opus
/// need one pass, and so does `/dev/null`.
func render(
  _ plan: RenderPlan, streamingTo stream: OutputStream, progress: ProgressHandler?
) throws(RenderError) -> RenderSummary {
  let settings = plan.settings
  let (finished, loudness) = try finishedPipeline(plan, progress: progress)
  var pipeline = finished
  let format = settings.format.holding(
    dataBytes: plan.totalFrames * Int64(settings.format.bytesPerFrame(channels: plan.channels)))
  if format.storesValuesUncompressed {
    pipeline.useUncompressedChunks(
      bytesPerFrame: format.bytesPerFrame(channels: plan.channels), firstFrameAt: nil)
  }
  let name = stream.destination.messagePath
  func writer(to destination: any ByteDestination) throws(RenderError) -> SoundFileWriter {
    do {
      return try SoundFileWriter(
        writingTo: destination, name: name, format: format, sampleRate: plan.rate,
        channels: plan.channels, tags: plan.tags)
    } catch {
      throw .output(OutputError(path: name, reason: error.reason))
    }
  }
  var summary = RenderSummary(plan, format: format, loudness: loudness)
  let sequential = format.container == .ogg || format.container == .opus
  var header: [UInt8] = []
  var length: Int64?
  if !sequential {
    let capture = HeaderCapture()
    let first = try writer(to: capture)
    if stream.discardsEverything {
      try writeChunks(of: pipeline, plan, with: first, summary: &summary, progress: progress) {
        (error) in .output(OutputError(path: name, reason: error.reason))
      }
      try closing(first, name: name)
      return summary
    }
    if format.headerFollowsFromLength {
      try writeSilence(plan.totalFrames, with: first, name: name)
    } else {
      var ignored = summary
      try writeChunks(
        of: pipeline, plan, with: first, summary: &ignored, phase: .measuring, progress: progress
      ) { (error) in .output(OutputError(path: name, reason: error.reason)) }
    }
    try closing(first, name: name)
    guard let learned = capture.header else {
      throw .output(
        OutputError(path: name, reason: "\(format.container.rawValue) cannot be streamed"))
    }
    header = learned
    length = capture.length
  }
  let streamed = StreamedFile(stream, header: header)
  let second = try writer(to: streamed)
  func failed(_ error: SoundFileError) -> RenderError {
    .output(OutputError(path: name, reason: streamed.failure ?? error.reason))
  }
  try writeChunks(of: pipeline, plan, with: second, summary: &summary, progress: progress) {
    failed($0)
  }
  do { try second.close() } catch { throw failed(error) }
  do { try streamed.finish(length: length) } catch { throw .output(error) }
  return summary
}

private func closing(_ writer: SoundFileWriter, name: String) throws(RenderError) {
  do { try writer.close() } catch { throw .output(OutputError(path: name, reason: error.reason)) }
}

/// Writes `frameCount` frames of silence, a block at a time, in the writer's own encoding.
private func writeSilence(_ frameCount: Int64, with writer: SoundFileWriter, name: String)
  throws(RenderError)
{
  let blockFrames = 1 << 16
  let encoding = chunkEncoding(for: writer.format)
  var left = frameCount
  do throws(SoundFileError) {
    while left > 0 {
      let count = Int(min(left, Int64(blockFrames))) * writer.channels
      switch encoding {
      case .int16:
        try [Int16](repeating: 0, count: count).withUnsafeBufferPointer {
          (values) throws(SoundFileError) in try writer.write(values)
        }
      case .int32:
        try [Int32](repeating: 0, count: count).withUnsafeBufferPointer {
          (values) throws(SoundFileError) in try writer.write(values)
        }
      case .float, .measureOnly:
        try [Float](repeating: 0, count: count).withUnsafeBufferPointer {
          (values) throws(SoundFileError) in try writer.write(values)
        }
      }
      left -= Int64(count / writer.channels)
    }
  } catch {
    throw .output(OutputError(path: name, reason: error.reason))
  }
}
