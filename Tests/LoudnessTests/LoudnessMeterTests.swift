import Foundation
import Loudness
import Testing

/// Feeds `values` (interleaved) to a new meter in blocks of `blockFrames` and measures them.
private func measure(
  _ values: [Double], channels: Int = 2, rate: Int = 48_000, blockFrames: Int? = nil
) throws -> LoudnessMeasurement {
  let meter = try LoudnessMeter(channelCount: channels, sampleRate: rate)
  let block = (blockFrames ?? values.count) * channels
  try values.withUnsafeBufferPointer { all in
    for start in stride(from: 0, to: all.count, by: max(block, 1)) {
      try meter.add(UnsafeBufferPointer(rebasing: all[start..<min(start + block, all.count)]))
    }
  }
  return try meter.measurement()
}

@Suite struct IntegratedLoudnessTests {
  /// 1 kHz sines, 20 s at 48 kHz, each with its expected loudness and where that comes from.
  /// EBU Tech 3341's test signals 1 and 2: a stereo sine at −23 (−33) dBFS per
  /// channel reads −23.0 (−33.0) LUFS ±0.1. ITU-R BS.1770-4: a 0 dBFS 1 kHz sine in one
  /// channel reads −3.01 LKFS, so in both channels it reads 0 LUFS (the power of two channels).
  @Test(arguments: [
    (2, -23.0, -23.0),  // EBU Tech 3341 case 1
    (2, -33.0, -33.0),  // EBU Tech 3341 case 2
    (2, -20.0, -20.0),  // stereo: loudness equals the per-channel peak level
    (1, -20.0, -23.01),  // mono: BS.1770's −3.01 LKFS for a 0 dBFS sine, 20 dB down
  ])
  func aSineOf1kHzReadsItsReferenceLoudness(channels: Int, peak: Double, lufs: Double) throws {
    let measured = try measure(
      sine(decibels: peak, seconds: 20, channels: channels), channels: channels)
    #expect(abs(measured.integratedLUFS - lufs) <= 0.1)
    #expect(abs(measured.loudnessRangeLU) < 0.01)
  }

  @Test func floatFramesMeasureAsDoubleFramesDo() throws {
    let values = sine(decibels: -20, seconds: 5)
    let meter = try LoudnessMeter(channelCount: 2, sampleRate: 48_000)
    try values.map(Float.init).withUnsafeBufferPointer { try meter.add($0) }
    let measured = try meter.measurement()
    let reference = try measure(values)
    #expect(abs(measured.integratedLUFS - reference.integratedLUFS) < 0.001)
    #expect(abs(measured.samplePeakDBFS - reference.samplePeakDBFS) < 0.001)
  }

  @Test func silenceIsMinusInfinity() throws {
    let measured = try measure([Double](repeating: 0, count: 2 * 48_000 * 5))
    #expect(measured.integratedLUFS == -.infinity)
    #expect(measured.loudnessRangeLU == 0)
    #expect(measured.truePeakDBTP == -.infinity)
    #expect(measured.samplePeakDBFS == -.infinity)
  }

  @Test func noFramesAtAllAreMinusInfinity() throws {
    #expect(try measure([]).integratedLUFS == -.infinity)
  }

  @Test(arguments: [1, 4_800, 44_100, 65_536])
  func theSameFramesInAnyBlocksMeasureTheSame(blockFrames: Int) throws {
    let values = sine(decibels: -20, seconds: 4) + sine(decibels: -30, seconds: 4, frequency: 500)
    #expect(try measure(values, blockFrames: blockFrames) == measure(values))
  }
}

@Suite struct LoudnessRangeTests {
  /// EBU Tech 3342's test signals 1 to 3: a stereo 1 kHz sine, 20 s at one level then
  /// 20 s at another, has a loudness range of their difference, ±1 LU.
  @Test(arguments: [(-20.0, -30.0, 10.0), (-20.0, -15.0, 5.0), (-40.0, -20.0, 20.0)])
  func twoStepsOfASineSpanTheirDifference(first: Double, second: Double, range: Double) throws {
    let values = sine(decibels: first, seconds: 20) + sine(decibels: second, seconds: 20)
    #expect(abs(try measure(values).loudnessRangeLU - range) <= 1)
  }
}

@Suite struct PeakTests {
  @Test func aSineAtMinus20dBFSPeaksAtMinus20dBFS() throws {
    let measured = try measure(sine(decibels: -20, seconds: 2))
    #expect(abs(measured.samplePeakDBFS - -20) < 0.000_1)
    #expect(abs(measured.truePeakDBTP - measured.samplePeakDBFS) < 0.1)
  }

  @Test func theLouderChannelSetsThePeak() throws {
    var values = sine(decibels: -20, seconds: 1)
    for index in stride(from: 0, to: values.count, by: 2) { values[index] *= 0.5 }
    #expect(abs(try measure(values).samplePeakDBFS - -20) < 0.000_1)
  }

  /// A sine at a quarter of the rate sampled 45° off its peaks: every sample is 0.707 of the
  /// peak (−3.01 dB), but the wave between them reaches the peak.
  @Test func aTruePeakSeesBetweenTheSamples() throws {
    var values = [Double](repeating: 0, count: 2 * 48_000)
    for frame in 0..<48_000 {
      let phase = Double.pi / 2 * Double(frame) + .pi / 4
      values[2 * frame] = 0.5 * sin(phase)
      values[2 * frame + 1] = values[2 * frame]
    }
    let measured = try measure(values)
    #expect(abs(measured.samplePeakDBFS - (-6.02 - 3.01)) < 0.01)
    #expect(abs(measured.truePeakDBTP - -6.02) < 0.5)
  }
}

@Suite struct WholeBufferMeasurementTests {
  @Test func aBufferMeasuredInOneGoReadsAsTheSameFedInBlocks() throws {
    let values = sine(decibels: -20, seconds: 5)
    let blocks = try measure(values, blockFrames: 4_096)
    #expect(try LoudnessMeter.measure(values, channelCount: 2, sampleRate: 48_000) == blocks)
    let floats = try LoudnessMeter.measure(
      values.map(Float.init), channelCount: 2, sampleRate: 48_000)
    #expect(abs(floats.integratedLUFS - blocks.integratedLUFS) < 1e-6)
  }
}
