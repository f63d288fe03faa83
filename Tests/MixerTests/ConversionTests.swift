import AudioBasics
import Mixer
import Testing

@Suite struct QuantizerTests {
  private func sixteenBit(_ values: [Float], dither: Dither? = nil, firstIndex: Int64 = 0)
    -> ([Int16], Int64)
  {
    var quantizer = Quantizer(width: .bits16, dither: dither)
    var output = [Int16](repeating: 0, count: values.count)
    values.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        quantizer.quantize(input, firstIndex: firstIndex, into: out)
      }
    }
    return (output, quantizer.clippedCount)
  }

  @Test func valuesRoundToTheNearestStepWithTiesToEven() {
    let step: Float = 1 / 32_768
    let (output, clipped) = sixteenBit([
      0, step, 0.5 * step, 1.5 * step, -0.5 * step, 0.4 * step, -0.6 * step,
    ])
    #expect(output == [0, 1, 0, 2, 0, 0, -1])
    #expect(clipped == 0)
  }

  @Test func valuesPastFullScaleClipAndAreCounted() {
    let (output, clipped) = sixteenBit([1, -1, 1.5, -1.5, 32_767 / 32_768])
    #expect(output == [32_767, -32_768, 32_767, -32_768, 32_767])
    #expect(clipped == 3)
  }

  @Test func twentyFourBitValuesSitInTheTopBytes() {
    var quantizer = Quantizer(width: .bits24, dither: nil)
    var output = [Int32](repeating: 0, count: 3)
    [Float(1) / 8_388_608, -1, 0.5].withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        quantizer.quantize(input, firstIndex: 0, into: out)
      }
    }
    #expect(output == [256, Int32.min, 1 << 30])
  }

  @Test func ditherIsTriangularWithinOneStepAndSeeded() {
    let silence = [Float](repeating: 0, count: 10_000)
    let (first, _) = sixteenBit(silence, dither: Dither(seed: 7))
    let (again, _) = sixteenBit(silence, dither: Dither(seed: 7))
    let (other, _) = sixteenBit(silence, dither: Dither(seed: 8))
    #expect(first == again)
    #expect(first != other)
    #expect(first.allSatisfy { (-1...1).contains($0) })
    let nonzero = first.filter { $0 != 0 }.count
    #expect((2_000...3_000).contains(nonzero))  // P(|noise| > 0.5) = 1/4 for TPDF
  }

  @Test func ditherDependsOnTheValueIndexNotTheBlock() {
    let silence = [Float](repeating: 0, count: 100)
    let (whole, _) = sixteenBit(silence, dither: Dither(seed: 3))
    let (tail, _) = sixteenBit(Array(silence[40...]), dither: Dither(seed: 3), firstIndex: 40)
    #expect(Array(whole[40...]) == tail)
  }
}

@Suite struct FinishingTests {
  @Test func gainScalesEveryValue() {
    var values: [Float] = [1, -0.5, 0.25]
    values.withUnsafeMutableBufferPointer {
      Finishing(gain: 0.5, totalFrames: 3).apply(to: $0, channels: 1, at: 0)
    }
    #expect(values == [0.5, -0.25, 0.125])
  }

  @Test func fadeOutRampsLinearlyToTheEnd() {
    var values = [Float](repeating: 1, count: 12)
    values.withUnsafeMutableBufferPointer { whole in
      let finishing = Finishing(totalFrames: 6, fadeOutFrames: 4)
      finishing.apply(to: UnsafeMutableBufferPointer(rebasing: whole[0..<6]), channels: 2, at: 0)
      finishing.apply(to: UnsafeMutableBufferPointer(rebasing: whole[6..<12]), channels: 2, at: 3)
    }
    #expect(values == [1, 1, 1, 1, 1, 1, 0.75, 0.75, 0.5, 0.5, 0.25, 0.25])
  }

  @Test func peakMeterFindsTheLoudestValueAndItsFrame() {
    var meter = PeakMeter()
    _ = [Float(0.1), 0.2, -0.9, 0.3].withUnsafeBufferPointer {
      meter.measure($0, channels: 2, at: 10)
    }
    _ = [Float(0.5), 0.9].withUnsafeBufferPointer { meter.measure($0, channels: 2, at: 12) }
    #expect(meter.peak == 0.9)
    #expect(meter.peakFrame == 11)
  }

  @Test func peakMeterFindsTheFirstOfEqualPeaksPastTheFirstSixtyFourValues() {
    var meter = PeakMeter()
    var values = [Float](repeating: 0.25, count: 300)
    (values[151], values[170], values[290]) = (-0.75, 0.75, 0.75)
    let blockPeak = values.withUnsafeBufferPointer { meter.measure($0, channels: 2, at: 1_000) }
    #expect(blockPeak == 0.75 && meter.peak == 0.75)
    #expect(meter.peakFrame == 1_075)
  }
}

@Suite struct ChunkConversionTests {
  /// `values` as one float sample played once at gain 1, rendered to 16 bits by `renderChunk`,
  /// and the same float mix converted by the plain quantizer: equal values and clip counts.
  private func renderedAndQuantized(_ values: [Float]) -> (
    rendered: RenderedChunk, expected: [Int16], clipped: Int64
  ) {
    let sample = Sample(values: values, channels: 1)
    let plan = MixPlan(
      samples: [sample],
      voices: voices([MixTap(frame: 0, sampleIndex: 0, gain: 1)], samples: [sample]),
      channels: 1)
    let range: Range<Int64> = 0..<Int64(values.count)
    var rendered = RenderedChunk()
    renderChunk(
      plan, range: range, finishing: Finishing(totalFrames: range.upperBound), encoding: .int16,
      dither: nil, blockFrames: 64, into: &rendered)
    var floats = RenderedChunk()
    renderChunk(
      plan, range: range, finishing: Finishing(totalFrames: range.upperBound), encoding: .float,
      dither: nil, blockFrames: 64, into: &floats)
    var quantizer = Quantizer(width: .bits16, dither: nil)
    var expected = [Int16](repeating: 0, count: values.count)
    floats.float.withUnsafeBufferPointer { input in
      expected.withUnsafeMutableBufferPointer { quantizer.quantize(input, firstIndex: 0, into: $0) }
    }
    return (rendered, expected, quantizer.clippedCount)
  }

  @Test func blocksThatCannotClipConvertAsTheFullQuantizerDoes() {
    let step: Float = 1 / 32_768
    var generator = SplitMix64(seed: 17)
    let random = (0..<1_000).map { _ in Float(generator.next() % 65_535) * step - 1 + 0.37 * step }
    let edges: [Float] = [
      32_767.5 * step - step / 64, -32_767.5 * step + step / 64, 0.5 * step, -0.5 * step,
      1.5 * step, -2.5 * step, 32_766.5 * step, -32_767.25 * step,
    ]
    let (rendered, expected, clipped) = renderedAndQuantized(random + edges)
    #expect(rendered.int16 == expected)
    #expect(rendered.clippedCount == 0 && clipped == 0)
  }

  @Test func blocksThatReachTheLimitStillClipAndCount() {
    let step: Float = 1 / 32_768
    let values: [Float] = [0.25, 32_767.5 * step, -32_768.5 * step, -32_768.75 * step, 2, -0.5]
    let (rendered, expected, clipped) = renderedAndQuantized(values)
    #expect(rendered.int16 == expected)
    #expect(rendered.int16[1] == 32_767 && rendered.int16[4] == 32_767)
    #expect(rendered.clippedCount == clipped && clipped == 3)
  }
}

@Suite struct MonoBlockConversionTests {
  /// A stereo render of voices that all share their channels, to 16 bits and to floats then
  /// the plain quantizer: the 16-bit one converts blocks in mono where nothing follows the mix.
  private func renders(
    _ values: [Float], gain: Float, rightChannel: (Float) -> Float = { $0 },
    finishing: (Int64) -> Finishing
  ) -> (RenderedChunk, RenderedChunk, [Int16], Int64) {
    let sample = Sample(values: values.flatMap { [$0, rightChannel($0)] }, channels: 2)
    let taps = [0, 37, 300].map { MixTap(frame: Int64($0), sampleIndex: 0, gain: gain) }
    let plan = MixPlan(samples: [sample], voices: voices(taps, samples: [sample]), channels: 2)
    let range: Range<Int64> = 0..<Int64(values.count + 300)
    var ints = RenderedChunk()
    renderChunk(
      plan, range: range, finishing: finishing(range.upperBound), encoding: .int16, dither: nil,
      blockFrames: 64, into: &ints)
    var floats = RenderedChunk()
    renderChunk(
      plan, range: range, finishing: finishing(range.upperBound), encoding: .float, dither: nil,
      blockFrames: 64, into: &floats)
    var quantizer = Quantizer(width: .bits16, dither: nil)
    var expected = [Int16](repeating: 0, count: floats.float.count)
    floats.float.withUnsafeBufferPointer { input in
      expected.withUnsafeMutableBufferPointer { quantizer.quantize(input, firstIndex: 0, into: $0) }
    }
    return (ints, floats, expected, quantizer.clippedCount)
  }

  @Test func blocksMixedInMonoConvertAsStereoBlocksDo() {
    let values = (0..<700).map { (index: Int) -> Float in Float((index * 37) % 199) / 199 - 0.5 }
    for (gain, fade) in [(Float(0.3), Int64(0)), (0.3, 250), (0.9, 0), (1.4, 0)] {
      let (ints, floats, expected, clipped) = renders(values, gain: gain) {
        Finishing(totalFrames: $0, fadeOutFrames: fade)
      }
      #expect(ints.int16 == expected)
      #expect(ints.clippedCount == clipped)
      #expect(ints.peak == floats.peak)
      // The loudest mix clips: its blocks are converted again from the sums, with clamping.
      #expect(gain < 1.4 || clipped > 0)
    }
  }

  @Test func blocksMixedInTwoPlanesConvertAsInterleavedBlocksDo() {
    let values = (0..<700).map { (index: Int) -> Float in Float((index * 37) % 199) / 199 - 0.5 }
    // Right differs from left, so the blocks are summed in left and right planes; the
    // loudest value sits in the right channel, so the peak's frame is found there.
    let right = { (value: Float) in value > 0.49 ? value * 1.01 : -0.7 * value }
    for (gain, fade) in [(Float(0.3), Int64(0)), (0.3, 250), (0.9, 0), (1.4, 0)] {
      let (ints, floats, expected, clipped) = renders(values, gain: gain, rightChannel: right) {
        Finishing(totalFrames: $0, fadeOutFrames: fade)
      }
      #expect(ints.int16 == expected)
      #expect(ints.clippedCount == clipped)
      #expect(ints.peak == floats.peak)
      // The loudest mix clips: its blocks are converted again from the sums, with clamping.
      #expect(gain < 1.4 || clipped > 0)
    }
  }
}
