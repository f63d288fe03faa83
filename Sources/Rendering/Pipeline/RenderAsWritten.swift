import AudioBasics
import Mixer
import SoundFile

/// The plan's frames as a file in the settings' format holds them (converted to its integers
/// with the same dither) and as a reader reads them back, without writing a file: for
/// comparing a render with a golden in memory.
public func renderAsWritten(_ plan: RenderPlan, name: String = "the render") throws(RenderError)
  -> MemoryAudio
{
  let (pipeline, _) = try finishedPipeline(plan, progress: nil)
  let format = plan.settings.format
  let encoding = chunkEncoding(for: format)
  var values: [Double] = []
  values.reserveCapacity(Int(plan.totalFrames) * plan.channels)
  try pipeline.forEachChunk(
    encoding: encoding, dither: plan.settings.ditherSeed.map(Dither.init(seed:))
  ) { (chunk) throws(RenderError) in
    switch encoding {
    // A reader scales integers by a power of two: 16-bit by 2^15, wider ones (kept in the
    // top bits of 32) by 2^31.
    case .int16: values.append(contentsOf: chunk.int16.lazy.map { Double($0) / 32_768 })
    case .int32: values.append(contentsOf: chunk.int32.lazy.map { Double($0) / 2_147_483_648 })
    case .float, .measureOnly: values.append(contentsOf: chunk.float.lazy.map(Double.init))
    }
  }
  return MemoryAudio(
    values: values, format: format, sampleRate: plan.rate, channels: plan.channels, name: name)
}
