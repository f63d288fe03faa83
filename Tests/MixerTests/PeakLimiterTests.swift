import AudioBasics
import Mixer
import Testing

/// Runs `values` through a limiter in blocks of `blockFrames`, each with its look-ahead.
private func limited(
  _ values: [Float], ceiling: Float, channels: Int = 1, blockFrames: Int
) -> [Float] {
  var limiter = PeakLimiter(ceiling: ceiling, sampleRate: 48_000, channels: channels)
  var output = values
  var start = 0
  while start < values.count {
    let end = min(values.count, start + blockFrames * channels)
    let aheadEnd = min(values.count, end + limiter.lookaheadFrames * channels)
    let ahead = Array(values[end..<aheadEnd])
    var block = Array(values[start..<end])
    ahead.withUnsafeBufferPointer { next in
      block.withUnsafeMutableBufferPointer { limiter.process($0, lookahead: next) }
    }
    output.replaceSubrange(start..<end, with: block)
    start = end
  }
  return output
}

/// Decaying tones struck every 0.1 s, up to 4 times the ceiling.
private func strikes(channels: Int = 1) -> [Float] {
  var generator = SplitMix64(seed: 7)
  return (0..<(24_000 * channels)).map { index in
    let frame = index / channels
    let age = Double(frame % 4_800) / 48_000
    let tone = ExactMath.sin(2 * Double.pi * (440 * age - (440 * age).rounded()))
    return Float(4 * ExactMath.exponential(-age * 40) * tone + 0.01 * generator.nextUnit())
  }
}

@Suite struct PeakLimiterTests {
  @Test func theGainsItKeepsAreTheOnesItApplied() {
    let values = strikes(channels: 2)
    var limiter = PeakLimiter(ceiling: 0.5, sampleRate: 48_000, channels: 2)
    var gains: [Float] = []
    var block = values
    block.withUnsafeMutableBufferPointer {
      limiter.process($0, lookahead: UnsafeBufferPointer(start: nil, count: 0), gains: &gains)
    }
    #expect(gains.count == values.count / 2)
    #expect(gains.contains { $0 < 1 })
    #expect(block == values.indices.map { values[$0] * gains[$0 / 2] })
    #expect(block == limited(values, ceiling: 0.5, channels: 2, blockFrames: values.count / 2))
  }

  @Test(arguments: [1, 2])
  func noSamplePassesTheCeiling(channels: Int) {
    let output = limited(
      strikes(channels: channels), ceiling: 0.5, channels: channels, blockFrames: 1_000)
    #expect(output.map(abs).max() ?? 1 <= 0.5)
    #expect(output.map(abs).max() ?? 0 > 0.45)  // and it is not held far under it
  }

  @Test func blockSizesNeverChangeTheOutput() {
    let input = strikes()
    let whole = limited(input, ceiling: 0.5, blockFrames: 24_000)
    for size in [1, 7, 96, 4_096] {
      #expect(limited(input, ceiling: 0.5, blockFrames: size) == whole, "\(size)")
    }
  }

  @Test func audioUnderTheCeilingIsUntouched() {
    let quiet = strikes().map { $0 / 10 }  // peaks near 0.4
    #expect(limited(quiet, ceiling: 0.5, blockFrames: 512) == quiet)
  }

  @Test func theGainRecoversSoonAfterAPeak() {
    // One loud click in a steady quiet tone: 60 ms after it (6 release time constants) the
    // tone plays as it was.
    var input = (0..<4_800).map { Float(0.1 * ExactMath.sin(2 * Double.pi * Double($0 % 48) / 48)) }
    input[100] = 2
    let output = limited(input, ceiling: 0.5, blockFrames: 4_800)
    #expect(output[100] <= 0.5)
    #expect(zip(output[3_000...], input[3_000...]).allSatisfy { abs($0 - $1) < 1e-3 })
    #expect(output[600] < input[600] * 0.999)  // but 10 ms after it, not yet
  }
}
