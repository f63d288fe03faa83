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
    [Float(0.1), 0.2, -0.9, 0.3].withUnsafeBufferPointer { meter.measure($0, channels: 2, at: 10) }
    [Float(0.5), 0.9].withUnsafeBufferPointer { meter.measure($0, channels: 2, at: 12) }
    #expect(meter.peak == 0.9)
    #expect(meter.peakFrame == 11)
  }
}
