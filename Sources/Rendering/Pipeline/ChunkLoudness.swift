import Loudness
import Mixer

/// Measures what a render writes as its chunks go by, when the settings ask for it
/// (`measuresLoudness`): the values the file holds, integers as a reader reads them back
/// (v / 32768 for 16 bits), so the measurement is the one `loudness FILE` makes of the file.
final class ChunkLoudness {
  private let meter: LoudnessMeter
  private var floats: [Float] = []
  private var failed = false

  /// A meter for `plan`'s output; `nil` when the settings do not ask for one, or libebur128
  /// cannot measure it (more than two channels, or libebur128 missing).
  init?(_ plan: RenderPlan) {
    guard plan.settings.measuresLoudness,
      let meter = try? LoudnessMeter(channelCount: plan.channels, sampleRate: plan.rate)
    else { return nil }
    self.meter = meter
  }

  /// Adds a chunk delivered as `encoding`.
  func add(_ chunk: RenderedChunk, encoding: ChunkEncoding) {
    guard !failed else { return }
    do throws(LoudnessError) {
      switch encoding {
      case .int16:
        floats.removeAll(keepingCapacity: true)
        floats.append(contentsOf: chunk.int16.lazy.map { Float($0) * (1 / 32_768) })
        try floats.withUnsafeBufferPointer { (values) throws(LoudnessError) in
          try meter.add(values)
        }
      case .int32:
        // 24-bit values stand in the top 24 bits: v / 2^31 is the value for every width.
        floats.removeAll(keepingCapacity: true)
        floats.append(contentsOf: chunk.int32.lazy.map { Float($0) * (1 / 2_147_483_648) })
        try floats.withUnsafeBufferPointer { (values) throws(LoudnessError) in
          try meter.add(values)
        }
      case .float:
        try chunk.float.withUnsafeBufferPointer { (values) throws(LoudnessError) in
          try meter.add(values)
        }
      case .measureOnly:
        break
      }
    } catch {
      failed = true
    }
  }

  /// The loudness and peaks of every chunk added; `nil` if adding one failed.
  var measurement: LoudnessMeasurement? {
    failed ? nil : try? meter.measurement()
  }
}
