import CSoxr
import Resampling
import Testing

/// `resample` feeds libsoxr a stream in chunks; these pin that the values are those of handing
/// it everything at once (`soxr_oneshot`), bit for bit, at every length around a chunk's.
@Suite struct StreamingTests {
  @Test(arguments: [0, 1, 100, 4_095, 4_096, 4_097, 8_193, 50_000])
  func streamedValuesAreSoxrOneshotsBitForBit(frameCount: Int) throws {
    for channels in [1, 2] {
      let input: [Float] = noise(count: frameCount * channels)
      for (inputRate, outputRate) in [(44_100.0, 48_000), (48_000.0 * 1.059_463, 48_000)] {
        let streamed = try resample(
          input, channels: channels, from: inputRate, to: outputRate)
        let reference = try oneShot(
          input, channels: channels, from: inputRate, to: Double(outputRate),
          outputFrames: streamed.count / channels)
        let firstDifference = streamed.indices.first { index in
          index >= reference.count || streamed[index].bitPattern != reference[index].bitPattern
        }
        #expect(
          streamed.count == reference.count && firstDifference == nil,
          "\(frameCount) frames, \(channels) channels, \(inputRate) Hz")
      }
    }
  }
}

/// libsoxr's own one-call resampling at the quality `resample` uses.
private func oneShot(
  _ frames: [Float], channels: Int, from inputRate: Double, to outputRate: Double,
  outputFrames: Int
) throws -> [Float] {
  var reason = [CChar](repeating: 0, count: 256)
  try #require(xylo_soxr_open(&reason, reason.count) == 0)
  var output = [Float](repeating: 0, count: outputFrames * channels)
  var inputDone = 0
  var outputDone = 0
  var ioSpec = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
  var qualitySpec = soxr_quality_spec(UInt(SOXR_VHQ), 0)
  var runtimeSpec = soxr_runtime_spec(1)
  let error = frames.withUnsafeBufferPointer { input in
    output.withUnsafeMutableBufferPointer { out in
      soxr_oneshot(
        inputRate, outputRate, UInt32(channels), input.baseAddress, frames.count / channels,
        &inputDone, out.baseAddress, outputFrames, &outputDone, &ioSpec, &qualitySpec,
        &runtimeSpec)
    }
  }
  #expect(error == nil)
  return Array(output.prefix(outputDone * channels))
}

/// Deterministic noise in [-0.5, 0.5): every frequency at once, so no filter path goes untested.
private func noise(count: Int) -> [Float] {
  var state: UInt32 = 1
  return (0..<count).map { _ in
    state = state &* 1_103_515_245 &+ 12_345
    return Float(state >> 8) / Float(1 << 24) - 0.5
  }
}
